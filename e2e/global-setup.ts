import { startServerProcess } from '../apps/server/test/server-process.ts';

/**
 * Starts the real server (embedded database in a fresh folder, the built web app, SMS codes written to
 * DATA_DIR/sms-outbox.jsonl); workers read E2E_BASE_URL and E2E_DATA_DIR.
 */
export default async function globalSetup() {
  const server = await startServerProcess({
    SMS_PROVIDER: 'file',
    SMS_PER_IP_PER_MINUTE: '1000',
    // A phone gets its next code at once: flows that text one phone twice need not wait out the 60 s rule.
    SMS_RESEND_SECONDS: '0',
    // Every answer the browser tests cause is checked against its route's response schema.
    VALIDATE_RESPONSES: '1',
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
