import { startFawryServer } from '../../../server/test/gateways/fawry-server.ts';
import { BASE_URL, FAWRY_MERCHANT, FAWRY_PORT } from './ports.ts';

/*
 * The local Fawry of the end-to-end run, started by Playwright as a web server: the portal charges payment codes
 * (PAYATFAWRY) here with its signed requests, and a test pays a code at the pretend outlet (`POST /outlet/pay`),
 * which sends the portal Fawry's server notification V2 signed with its messageSignature.
 */
const fawry = await startFawryServer({
  merchantCode: FAWRY_MERCHANT.code,
  secureKey: FAWRY_MERCHANT.secureKey,
  port: FAWRY_PORT,
});
fawry.state.callbackUrl = `${BASE_URL}/api/payments/callbacks/fawry`;
process.on('SIGTERM', () => void fawry.close().then(() => process.exit(0)));
