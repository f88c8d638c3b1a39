// happy-dom (the tests' DOM) gives a <select> no `size` and an <option> no `defaultSelected`.
// react-hook-form reads both to tell whether a select was changed before its form was ready
// (isSelectEdited): without them it takes every select for changed, and reads its first
// option instead of setting the form's default. A browser has both: 0 and false where the
// markup sets neither.
export function giveSelectsWhatBrowsersHave() {
  if (!('size' in HTMLSelectElement.prototype)) {
    Object.defineProperty(HTMLSelectElement.prototype, 'size', {
      configurable: true,
      get(this: HTMLSelectElement) {
        return Number(this.getAttribute('size') ?? 0);
      },
    });
  }
  if (!('defaultSelected' in HTMLOptionElement.prototype)) {
    Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
      configurable: true,
      // The `selected` attribute, as the HTML standard reflects it.
      get(this: HTMLOptionElement) {
        return this.hasAttribute('selected');
      },
      set(this: HTMLOptionElement, selected: boolean) {
        if (selected) this.setAttribute('selected', '');
        else this.removeAttribute('selected');
      },
    });
  }
}
