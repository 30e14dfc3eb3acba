/** Where the member goes back to: the member centre's deposit page. */
export const RETURN_URL = '/?mc=depositv2';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const shell = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #eef1f5; color: #1d2430; }
  main { max-width: 420px; margin: 48px auto; padding: 24px; background: #fff; border-radius: 12px;
    box-shadow: 0 4px 18px rgba(0,0,0,.08); }
  .badge { display: inline-block; font-size: 12px; padding: 2px 8px; border-radius: 8px; background: #ffe9a8; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 20px 0; }
  dt { color: #5b6576; } dd { margin: 0; font-weight: 600; }
  .amount { font-size: 28px; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { flex: 1; padding: 12px; font-size: 16px; border-radius: 8px; border: 0; cursor: pointer; }
  .pay { background: #1f8f4e; color: #fff; } .cancel { background: #dde2ea; color: #1d2430; }
  a { color: #1a5fd0; }
</style>
</head>
<body><main>
<p class="badge">Sandbox payment gateway: no real money moves</p>
${body}
</main></body>
</html>`;

export interface SandboxOrderView {
  orderId: string;
  merchant: string;
  amount: string;
  reference: string;
  payable: boolean;
  /** why it cannot be paid, when it cannot */
  state: string;
}

export function orderPage(order: SandboxOrderView): string {
  const base = `/sandbox-gateway/pay/${encodeURIComponent(order.orderId)}`;
  const actions = order.payable
    ? `<div class="actions">
  <form method="post" action="${escapeHtml(base)}/pay"><button class="pay" type="submit">Pay</button></form>
  <form method="post" action="${escapeHtml(base)}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</div>`
    : `<p>This order cannot be paid: ${escapeHtml(order.state)}.</p>`;
  return shell(
    'Pay',
    `<h1>Complete your payment</h1>
<dl>
  <dt>Merchant</dt><dd>${escapeHtml(order.merchant)}</dd>
  <dt>Amount</dt><dd class="amount">${escapeHtml(order.amount)}</dd>
  <dt>Order</dt><dd>${escapeHtml(order.orderId)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(order.reference)}</dd>
</dl>
${actions}
<p><a href="${RETURN_URL}">Return to the merchant</a></p>`,
  );
}

export function resultPage(title: string, message: string): string {
  return shell(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${RETURN_URL}">Return to the merchant</a></p>`,
  );
}

export const notFoundPage = (): string =>
  resultPage('Order not found', 'There is no payment order at this address.');
