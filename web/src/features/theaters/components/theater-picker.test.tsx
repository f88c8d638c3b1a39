import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { TheaterPicker } from './theater-picker';

const theaters = [
  { id: 't1', name: 'Downtown' },
  { id: 't2', name: 'Riverside' },
];

afterEach(cleanup);

describe('TheaterPicker', () => {
  it('lists every theater after a placeholder and reports the choice', () => {
    const onSelect = vi.fn();
    renderWithApp(<TheaterPicker theaters={theaters} selectedTheaterId={undefined} onSelect={onSelect} />, {
      'theaterPicker.label': 'Your theater',
      'theaterPicker.placeholder': 'Choose a theater',
    });
    const select = screen.getByLabelText<HTMLSelectElement>('Your theater');
    expect([...select.options].map((option) => option.text)).toEqual(['Choose a theater', 'Downtown', 'Riverside']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 't2' } });
    expect(onSelect).toHaveBeenCalledWith('t2');
  });

  it('shows the placeholder when the stored choice is no longer a theater', () => {
    renderWithApp(<TheaterPicker theaters={theaters} selectedTheaterId="closed" onSelect={() => {}} />);
    expect(screen.getByTestId<HTMLSelectElement>('theater-picker').value).toBe('');
  });
});
