import { debounce, distanceFromBottom, isNearBottom, isNearTop, keptScrollTop } from './chatScroll';

describe('chat scroll', () => {
  const box = { scrollHeight: 2000, clientHeight: 500 };

  it('sticks to the bottom within 200 px of it, not further up', () => {
    expect(isNearBottom({ ...box, scrollTop: 1500 })).toBe(true);
    expect(isNearBottom({ ...box, scrollTop: 1300 })).toBe(true);
    expect(isNearBottom({ ...box, scrollTop: 1299 })).toBe(false);
    expect(distanceFromBottom({ ...box, scrollTop: 1299 })).toBe(201);
  });

  it('loads older messages within 100 px of the top', () => {
    expect(isNearTop({ scrollTop: 0 })).toBe(true);
    expect(isNearTop({ scrollTop: 100 })).toBe(true);
    expect(isNearTop({ scrollTop: 101 })).toBe(false);
  });

  it('keeps the same message in view when older ones are put above it', () => {
    expect(keptScrollTop({ scrollTop: 40, scrollHeight: 2000 }, 3200)).toBe(1240);
    expect(keptScrollTop({ scrollTop: 0, scrollHeight: 2000 }, 2000)).toBe(0);
  });

  it('asks for older messages once the scrolling has been quiet for 150 ms', () => {
    jest.useFakeTimers();
    const load = jest.fn();
    const check = debounce(load, 150);
    check();
    jest.advanceTimersByTime(100);
    check();
    jest.advanceTimersByTime(149);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
    check();
    check.cancel();
    jest.advanceTimersByTime(500);
    expect(load).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });
});
