// Starting a service: its config, logger, metrics, tracing and the run loop that ties them to HTTP and the bus.
export * from '../runtime.ts';
export * from '../config.ts';
export * from '../logger.ts';
export * from '../metrics.ts';
export * from '../tracing.ts';
