/**
 * The outbox as screens use it (decision 019): `submitWrite` to send a write (stored first, sent at once, kept
 * when it cannot be sent), `flush` for "Send now", `discardWrite`, `readWrite` to edit. The kinds of write it
 * knows are registered here, so that a replay at start-up can send any of them without their screens.
 */
import './kinds.ts';
export * from './engine.ts';
export * from './store.ts';
