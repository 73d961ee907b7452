// The entry of a PDF render thread. It registers the TypeScript loader itself, so the thread runs
// the same wherever the pool is made: under `node --import tsx` (npm start, the image), and under
// Jest, whose in-process compiling a worker thread does not inherit.
import { register } from 'tsx/esm/api';

register();
// Loaded as the thread starts, before its first task; a failure reaches the task that awaits it.
const task = import('./render-task.ts');
task.catch(() => {});

export default async function renderInThread(input) {
  return (await task).renderEstimatePdfInThread(input);
}
