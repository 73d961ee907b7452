// The entry of a PDF render thread. It registers the TypeScript loader itself, so the thread runs
// the same wherever the pool is made: under `node --import tsx` (npm start, the image), and under
// Jest, whose in-process compiling a worker thread does not inherit.
import os from 'node:os';
import { register } from 'tsx/esm/api';

// On Linux each thread has a priority of its own: a render gives way to the threads that answer
// requests when the cores are busy. Elsewhere this would lower the whole process, so it is left.
if (process.platform === 'linux') os.setPriority(10);
register();
// Awaited here, so the pool counts the thread ready only once the renderer is loaded (seconds, the
// first time): a render timing out meanwhile leaves the starting thread for the next one.
const { renderEstimatePdfInThread } = await import('./render-task.ts');

export default renderEstimatePdfInThread;
