import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

afterEach(cleanup);

describe('lazyComponent', () => {
  it('renders without suspending once its code is preloaded', async () => {
    const { Component, preload } = lazyComponent(() => Promise.resolve(Greeting));
    await preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('suspends until its code arrives when it was not preloaded', async () => {
    const { Component } = lazyComponent(() => Promise.resolve(Greeting));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
  });

  it('forgets a failed load, so the next one tries again', async () => {
    let calls = 0;
    const { preload, Component } = lazyComponent(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(Greeting);
    });
    await preload();
    await act(preload);
    render(<Component name="Linus" />);
    expect(screen.getByText('Hello Linus')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
