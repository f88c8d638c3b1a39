import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '@/state/i18n';
import { en } from '../messages/en';
import { lobby, seat } from '../testing/media-fixtures';
import { cleanUpAfterEachTest, renderInStudio } from '../testing/render-studio';
import { stubStudioApi } from '../testing/studio-api';
import { ButtonPanel, ImagePanel, LinkPanel } from './editor-panels';

cleanUpAfterEachTest();

const inStudio = (children: ReactNode) => render(<IntlProvider messages={en}>{children}</IntlProvider>);

const UNSAFE = 'The site cannot link to this address. Use a path on the site, such as /theaters/, or an address starting with https://, http://, mailto: or tel:.';

describe("the link of the body's selected text", () => {
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/', 'java\tscript:alert(1)'])(
    'refuses %j with a message on the field, and sets nothing',
    async (address) => {
      const onSet = vi.fn();
      inStudio(<LinkPanel current={null} hasText onSet={onSet} onRemove={vi.fn()} onCancel={vi.fn()} />);
      const field = screen.getByLabelText('Address of the link');
      await vi.waitFor(() => expect(document.activeElement).toBe(field));
      fireEvent.change(field, { target: { value: address } });
      fireEvent.click(screen.getByRole('button', { name: 'Set the link' }));
      const error = await screen.findByText(UNSAFE);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(error.id);
      expect(onSet).not.toHaveBeenCalled();
    },
  );

  it('sets a path on the site, Enter applying it rather than submitting the page', async () => {
    const onSet = vi.fn();
    inStudio(<LinkPanel current={null} hasText onSet={onSet} onRemove={vi.fn()} onCancel={vi.fn()} />);
    const field = screen.getByLabelText('Address of the link');
    fireEvent.change(field, { target: { value: ' /theaters/ ' } });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    field.dispatchEvent(enter);
    expect(enter.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(onSet).toHaveBeenCalledWith('/theaters/'));
  });

  it('changes or removes the link the selection is in, and Escape closes it', () => {
    const onRemove = vi.fn();
    const onCancel = vi.fn();
    inStudio(<LinkPanel current="/about/" hasText={false} onSet={vi.fn()} onRemove={onRemove} onCancel={onCancel} />);
    const field = screen.getByLabelText<HTMLInputElement>('Address of the link');
    expect(field.value).toBe('/about/');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the link' }));
    expect(onRemove).toHaveBeenCalledOnce();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says to select text first where there is none', () => {
    inStudio(<LinkPanel current={null} hasText={false} onSet={vi.fn()} onRemove={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toBe('Select the text to make a link of first.');
    expect(screen.queryByLabelText('Address of the link')).toBeNull();
  });
});

describe('an image of the body', () => {
  it('needs its address and its alt text', async () => {
    const onApply = vi.fn();
    inStudio(<ImagePanel siteId="demo" image={undefined} onApply={onApply} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Address of the image'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert the image' }));
    expect(await screen.findByText('Use a path on the site, such as /media/lobby.jpg, or an address starting with https://.')).toBeTruthy();
    expect(screen.getByText('Say what the image shows.')).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Address of the image'), { target: { value: '/media/lobby.jpg' } });
    fireEvent.change(screen.getByLabelText('Alt text'), { target: { value: ' The lobby ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert the image' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledWith({ src: '/media/lobby.jpg', alt: 'The lobby', caption: '' }));
  });

  it("is chosen from the site's media library: its path and alt text fill the fields, the alt text still the page's to change", async () => {
    const calls = stubStudioApi({ 'GET /sites/demo/media': { status: 200, body: [lobby, seat] } });
    const onApply = vi.fn();
    renderInStudio(<ImagePanel siteId="demo" image={undefined} onApply={onApply} onCancel={vi.fn()} />);
    // Nothing is asked of the library before it is opened.
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Choose the image from the media library' }));
    const images = await screen.findByRole('list', { name: 'Images to choose the image from' });
    fireEvent.click(within(images).getByRole('button', { name: /^The lobby, with its ramp/ }));

    expect(screen.getByLabelText<HTMLInputElement>('Address of the image').value).toBe('/media/m2.jpg');
    const alt = screen.getByLabelText<HTMLInputElement>('Alt text');
    expect(alt.value).toBe('The lobby, with its ramp');
    await vi.waitFor(() => expect(document.activeElement).toBe(alt));
    // The library closes once an image is chosen.
    expect(screen.queryByTestId('studio-media-picker')).toBeNull();

    fireEvent.change(alt, { target: { value: 'Our lobby, step-free from the street' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insert the image' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledWith({ src: '/media/m2.jpg', alt: 'Our lobby, step-free from the street', caption: '' }));
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /sites/demo/media']);
  });
});

describe('a button link of the body', () => {
  it('needs its label, and a link the site takes', async () => {
    const onApply = vi.fn();
    inStudio(<ButtonPanel button={{ label: 'Book', href: '/theaters/' }} onApply={onApply} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the button link' }));
    expect(await screen.findByText(UNSAFE)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'tel:+15551234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the button link' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledWith({ label: 'Book', href: 'tel:+15551234567' }));
  });
});
