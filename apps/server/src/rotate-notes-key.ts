/**
 * `npm run notes:rotate-key -w apps/server`: after NOTES_MASTER_KEY was changed, re-wraps the data
 * key of every therapist's note under the new master key. The old one must be given as
 * NOTES_MASTER_KEY_PREVIOUS while this runs; the notes themselves are never decrypted. Safe to run
 * again (only values wrapped by another key are touched), and while the server runs (it opens
 * notes under either key). Afterwards drop NOTES_MASTER_KEY_PREVIOUS.
 */
import path from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { notesKeyring } from './lib/notes-crypto.ts';
import { rewrapNotes, sealPlaintextNotes } from './modules/video/sealed-notes.ts';

const config = loadConfig();
if (!config.NOTES_MASTER_KEY_PREVIOUS) {
  console.error('NOTES_MASTER_KEY_PREVIOUS is not set: give the old master key to open what it wrapped.');
  process.exit(2);
}
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: path.join(path.resolve(config.DATA_DIR), 'pglite') },
);
try {
  await database.migrate();
  const keyring = notesKeyring(config);
  const sealed = await database.exclusively('seal-notes', () => sealPlaintextNotes(database.db, keyring));
  const rewrapped = await rewrapNotes(database.db, keyring);
  console.log(
    `notes key rotation: ${rewrapped.forms} post-session forms and ${rewrapped.events} note texts re-wrapped ` +
      `under key ${keyring.current.id}; ${sealed.forms + sealed.events} values that were still in clear sealed`,
  );
} finally {
  await database.close();
}
