export * from './platform-server';
