/** App data of a chain with two theaters, as `/page-data/app-data.json` returns it. */
export const twoTheaterAppData = {
  site: { config: { isSingleLocation: false } },
  theaters: [
    { id: '101', name: 'Riverfront' },
    { id: '102', name: 'Eastside' },
  ],
};
