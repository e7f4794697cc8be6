// Preloaded into the server process by the benchmark (node --import): measures the event loop's
// delay and the memory, and reports them over the IPC channel. The app itself knows nothing of it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();

process.on('message', (msg) => {
  if (msg?.type === 'reset') {
    histogram.reset();
    process.send?.({ type: 'reset-done' });
  } else if (msg?.type === 'report') {
    const mem = process.memoryUsage();
    process.send?.({
      type: 'report',
      loopDelayP50Ms: histogram.percentile(50) / 1e6,
      loopDelayP99Ms: histogram.percentile(99) / 1e6,
      loopDelayMaxMs: histogram.max / 1e6,
      rssMb: mem.rss / 1048576,
      heapUsedMb: mem.heapUsed / 1048576,
    });
  }
});
