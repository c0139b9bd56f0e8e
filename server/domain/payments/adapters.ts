import type { PaymentsConfig } from '../../config.ts';
import type { PaymentChannel, PaymentGateway } from '../../db/schema.ts';
import { FawryGateway } from './gateways/fawry.ts';
import { PaymobGateway } from './gateways/paymob.ts';
import { SandboxGateway } from './gateways/sandbox.ts';
import type { GatewayAdapter } from './gateways/types.ts';

/** The gateways this process uses: one per channel, plus every configured one for callbacks and inquiries. */
export class Gateways {
  readonly sandboxCard: SandboxGateway;
  readonly sandboxCode: SandboxGateway;
  private readonly paymob: PaymobGateway | undefined;
  private readonly fawry: FawryGateway | undefined;

  constructor(readonly cfg: PaymentsConfig) {
    this.sandboxCard = new SandboxGateway('card', cfg.sandboxSecret);
    this.sandboxCode = new SandboxGateway('code', cfg.sandboxSecret);
    this.paymob = cfg.paymob ? new PaymobGateway(cfg.paymob) : undefined;
    this.fawry = cfg.fawry ? new FawryGateway(cfg.fawry) : undefined;
  }

  /** The gateway that takes new payments of a channel, if any (the sandbox only where it is enabled). */
  forChannel(channel: PaymentChannel): GatewayAdapter | undefined {
    const real = channel === 'card' ? this.paymob : this.fawry;
    if (real && (channel === 'card' ? this.cfg.cardGateway === 'paymob' : this.cfg.codeGateway === 'fawry')) return real;
    if (!this.cfg.sandboxEnabled) return undefined;
    return channel === 'card' ? this.sandboxCard : this.sandboxCode;
  }

  /** The gateway a stored payment went through (callbacks, inquiries, cancellation). */
  of(gateway: PaymentGateway, channel: PaymentChannel): GatewayAdapter | undefined {
    if (gateway === 'sandbox')
      return !this.cfg.sandboxEnabled ? undefined : channel === 'card' ? this.sandboxCard : this.sandboxCode;
    if (gateway === 'paymob') return this.paymob;
    return this.fawry;
  }

  /** The ways to pay now, in the screen's order. */
  methods(): { gatewayId: PaymentGateway; channel: PaymentChannel }[] {
    return (['card', 'code'] as const).flatMap((channel) => {
      const gw = this.forChannel(channel);
      return gw ? [{ gatewayId: gw.id, channel }] : [];
    });
  }
}
