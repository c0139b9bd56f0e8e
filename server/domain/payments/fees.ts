import type { FeeRule } from '../../config.ts';

/*
 * Fees (decision 027): a fixed part plus basis points of the base, rounded up to a whole piastre. Integers only:
 * no floating point touches money.
 */
export const feeOf = (rule: FeeRule, basePiastres: number): number =>
  rule.fixedPiastres + Math.ceil((basePiastres * rule.bps) / 10_000);

export type Amounts = {
  billsTotalPiastres: number;
  serviceFeePiastres: number;
  gatewayFeePiastres: number;
  totalPiastres: number;
};

/** Bills: the portal's service fee on the bills, then the gateway's fee on what goes through it. */
export function billAmounts(billsTotal: number, service: FeeRule, gateway: FeeRule): Amounts {
  const serviceFee = feeOf(service, billsTotal);
  const gatewayFee = feeOf(gateway, billsTotal + serviceFee);
  return {
    billsTotalPiastres: billsTotal,
    serviceFeePiastres: serviceFee,
    gatewayFeePiastres: gatewayFee,
    totalPiastres: billsTotal + serviceFee + gatewayFee,
  };
}

/** A request's fee: the service's fee itself, then the gateway's fee on it. */
export function feeAmounts(serviceFee: number, gateway: FeeRule): Amounts {
  const gatewayFee = feeOf(gateway, serviceFee);
  return {
    billsTotalPiastres: 0,
    serviceFeePiastres: serviceFee,
    gatewayFeePiastres: gatewayFee,
    totalPiastres: serviceFee + gatewayFee,
  };
}
