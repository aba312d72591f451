// Transaction ids for tests that need one in the right form but never on a chain: the chain service keeps looking
// for it (not found yet), and an admin can still approve or reject the deposit.
import { randomBytes } from 'node:crypto';

/** 64 random hex digits: a well-formed TRC-20 transaction id (EVM networks accept it and add 0x). */
export const unknownTxid = (): string => randomBytes(32).toString('hex');
