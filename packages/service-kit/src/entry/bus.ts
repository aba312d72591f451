// NATS JetStream: the connection, the event envelope and emitter, the outbox and inbox, subscriptions, commands, the user directory and the principals' permissions.
export * from '../bus/connection.ts';
export * from '../bus/envelope.ts';
export * from '../bus/emitter.ts';
// The outbox's relay, table and enqueueing stay the kit's own (runtime.ts and the emitter use them); a service
// only needs the SQL that writes an event in the statement that makes the change.
export { announcedBy, announcedEach } from '../bus/outbox.ts';
export * from '../bus/consumer.ts';
export * from '../bus/rpc.ts';
export * from '../bus/user-directory.ts';
export * from '../bus/permissions.ts';
