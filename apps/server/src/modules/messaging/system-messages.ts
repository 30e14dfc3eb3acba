import { formatMoney, type LocalizedText } from '@platform/contract';
import type { CashierEvent } from '../cashier/index.js';

/**
 * The system message each cashier event sends (title and body in bn and en). Amounts are written in
 * the ledger's decimal form; the page shows the message as text.
 */
export function systemMessageOf(event: CashierEvent): { title: LocalizedText; body: LocalizedText } {
  const amount = formatMoney(event.amount);
  switch (event.type) {
    case 'deposit-credited':
      return {
        title: { bn: 'জমা সম্পন্ন হয়েছে', en: 'Deposit credited' },
        body: {
          bn: `আপনার ${amount} জমা (${event.reference}) আপনার ওয়ালেটে যোগ হয়েছে।`,
          en: `Your deposit of ${amount} (${event.reference}) has been credited to your wallet.`,
        },
      };
    case 'withdrawal-paid':
      return {
        title: { bn: 'উত্তোলন পরিশোধিত', en: 'Withdrawal paid' },
        body: {
          bn: `আপনার ${amount} উত্তোলন (${event.reference}) পাঠানো হয়েছে। টাকা পেলে নিশ্চিত করুন।`,
          en: `Your withdrawal of ${amount} (${event.reference}) has been paid out. Please confirm once you receive it.`,
        },
      };
  }
}
