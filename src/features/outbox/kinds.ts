// The kinds of write the outbox sends (registered when the requests contract lands).
export {};
