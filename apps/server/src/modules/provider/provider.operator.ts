import {
  providerMoney,
  roundTimeoutRules,
  type GameLaunchMode,
  type RoundTimeoutRule,
} from '@platform/contract';
import {
  iso,
  optionalInteger,
  parse,
  requireFlag,
  table,
  unknownCommand,
  usagePrinter,
  UsageError,
  type OperatorCommands,
  type Outcome,
} from '../../lib/operator-cli.js';
import type { ProviderService } from './provider.service.js';

const usage = {
  'seamless-vendors': [
    'seamless-vendors list',
    'seamless-vendors add --vendor VASSALAGE --currency CUR --secret S [--demo]',
    '            [--round-timeout SECONDS] [--round-rule lost|refund] [--launch-url URL]',
    '            (URL: where the game opens, with {token} and optionally {game} {language} {currency}',
    '            {mode} {lobby}, e.g. https://games.vendor.example/play?t={token}&g={game}&lang={language})',
    '            (the vendor must exist: vendors add; the secret signs its calls, at least 32 characters)',
    'seamless-vendors set VENDOR [--secret S] [--demo yes|no] [--round-timeout SECONDS]',
    '            [--round-rule lost|refund] [--active yes|no] [--launch-url URL]',
    '  add and set also take [--wallet-model seamless|transfer] [--transfer-api-url URL]',
    '            [--auto-transfer-in yes|no]: a transfer vendor keeps its own wallet (ADR 021); URL is',
    '            where its deposit, withdraw, balance and status calls answer',
    '  add and set also take [--public-key BASE64]: the vendor then also signs every call with RSA-SHA256;',
    '            BASE64 is its RSA public key (>= 2048 bits) as DER, e.g.',
    '            openssl rsa -in vendor.pem -pubout -outform DER | base64 -w0   (set: none removes it)',
    '  add and set also take [--rooms-url URL]: where a PVP vendor lists its rooms and seats (set: none)',
    '            and [--launch-mode frame|window]: window for a vendor whose pages refuse to be framed',
  ],
  'open-rounds': ['open-rounds [--limit N]'],
} as const;
const usageOf = usagePrinter(usage);

/** seamless-vendors: the wallet-API terms of game vendors; open-rounds: rounds still open. */
export function providerOperatorCommands({ provider }: { provider: ProviderService }): OperatorCommands {
  return {
    usage,
    commands: {
      'seamless-vendors': (args) => vendorsCommand(provider, args),
      'open-rounds': (args) => openRoundsCommand(provider, args),
    },
  };
}

async function vendorsCommand(provider: ProviderService, args: string[]): Promise<Outcome> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'list': {
      parse(rest, {}, usageOf('seamless-vendors'), 0);
      const rows = await provider.listVendors();
      return {
        output: table(
          ['VENDOR', 'MODEL', 'CURRENCY', 'DEMO', 'ROUND TIMEOUT', 'RULE', 'ACTIVE'],
          rows.map((row) => [
            row.vendorCode,
            row.walletModel,
            row.currency,
            row.allowDemo ? 'yes' : 'no',
            `${row.roundTimeoutSeconds} s`,
            row.roundTimeoutRule,
            row.active ? 'yes' : 'no',
          ]),
        ),
      };
    }
    case 'add': {
      const { values } = parse(
        rest,
        {
          vendor: { type: 'string' },
          currency: { type: 'string' },
          secret: { type: 'string' },
          demo: { type: 'boolean' },
          'round-timeout': { type: 'string' },
          'round-rule': { type: 'string' },
          'launch-url': { type: 'string' },
          'public-key': { type: 'string' },
          'rooms-url': { type: 'string' },
          'launch-mode': { type: 'string' },
          ...transferFlags,
        },
        usageOf('seamless-vendors'),
        0,
      );
      const rule = values['round-rule'] ?? 'lost';
      if (!(roundTimeoutRules as readonly string[]).includes(rule)) {
        throw new UsageError(`--round-rule must be lost or refund, got ${rule}`, usageOf('seamless-vendors'));
      }
      const row = await provider.registerVendor({
        vendorCode: requireFlag(values.vendor, 'vendor', usageOf('seamless-vendors')),
        currency: requireFlag(values.currency, 'currency', usageOf('seamless-vendors')).toUpperCase(),
        signingSecret: requireFlag(values.secret, 'secret', usageOf('seamless-vendors')),
        allowDemo: values.demo ?? false,
        roundTimeoutSeconds:
          optionalInteger(values['round-timeout'], 'round-timeout', usageOf('seamless-vendors')) ?? 3600,
        roundTimeoutRule: rule as RoundTimeoutRule,
        launchUrl: values['launch-url'] ?? null,
        publicKey: values['public-key'] ?? null,
        roomsUrl: values['rooms-url'] ?? null,
        ...(values['launch-mode'] === undefined
          ? {}
          : { launchMode: values['launch-mode'] as GameLaunchMode }),
        ...transferTerms(values),
      });
      return {
        output:
          row.walletModel === 'transfer'
            ? `vendor ${row.vendorCode} keeps its own wallet (transfer model) in ${row.currency}`
            : `vendor ${row.vendorCode} takes seamless-wallet calls in ${row.currency}`,
        // The secret never goes into the audit log.
        audit: {
          command: 'seamless-vendors add',
          detail: {
            vendor: row.vendorCode,
            currency: row.currency,
            allowDemo: row.allowDemo,
            roundTimeoutSeconds: row.roundTimeoutSeconds,
            roundTimeoutRule: row.roundTimeoutRule,
            launchUrl: row.launchUrl,
            walletModel: row.walletModel,
            transferApiUrl: row.transferApiUrl,
            autoTransferIn: row.autoTransferIn,
            rsaKey: row.publicKey !== null,
            roomsUrl: row.roomsUrl,
            launchMode: row.launchMode,
          },
        },
      };
    }
    case 'set': {
      const { values, positionals } = parse(
        rest,
        {
          secret: { type: 'string' },
          demo: { type: 'string' },
          'round-timeout': { type: 'string' },
          'round-rule': { type: 'string' },
          active: { type: 'string' },
          'launch-url': { type: 'string' },
          'public-key': { type: 'string' },
          'rooms-url': { type: 'string' },
          'launch-mode': { type: 'string' },
          ...transferFlags,
        },
        usageOf('seamless-vendors'),
        1,
      );
      const vendorCode = positionals[0] as string;
      const rule = values['round-rule'];
      if (rule !== undefined && !(roundTimeoutRules as readonly string[]).includes(rule)) {
        throw new UsageError(`--round-rule must be lost or refund, got ${rule}`, usageOf('seamless-vendors'));
      }
      const row = await provider.updateVendor(vendorCode, {
        ...(values.secret === undefined ? {} : { signingSecret: values.secret }),
        ...(values.demo === undefined ? {} : { allowDemo: yesNo(values.demo, 'demo') }),
        ...(values['round-timeout'] === undefined
          ? {}
          : {
              roundTimeoutSeconds: optionalInteger(
                values['round-timeout'],
                'round-timeout',
                usageOf('seamless-vendors'),
              ),
            }),
        ...(rule === undefined ? {} : { roundTimeoutRule: rule as RoundTimeoutRule }),
        ...(values.active === undefined ? {} : { active: yesNo(values.active, 'active') }),
        ...(values['launch-url'] === undefined ? {} : { launchUrl: values['launch-url'] }),
        ...(values['public-key'] === undefined
          ? {}
          : { publicKey: values['public-key'] === 'none' ? null : values['public-key'] }),
        ...(values['launch-mode'] === undefined
          ? {}
          : { launchMode: values['launch-mode'] as GameLaunchMode }),
        ...(values['rooms-url'] === undefined
          ? {}
          : { roomsUrl: values['rooms-url'] === 'none' ? null : values['rooms-url'] }),
        ...transferTerms(values),
      });
      return {
        output: `vendor ${row.vendorCode} updated`,
        audit: {
          command: 'seamless-vendors set',
          detail: {
            vendor: row.vendorCode,
            // Only that the secret changed, never the secret.
            secretChanged: values.secret !== undefined,
            allowDemo: row.allowDemo,
            roundTimeoutSeconds: row.roundTimeoutSeconds,
            roundTimeoutRule: row.roundTimeoutRule,
            active: row.active,
            launchUrl: row.launchUrl,
            walletModel: row.walletModel,
            transferApiUrl: row.transferApiUrl,
            autoTransferIn: row.autoTransferIn,
            rsaKey: row.publicKey !== null,
            roomsUrl: row.roomsUrl,
            launchMode: row.launchMode,
          },
        },
      };
    }
    default:
      throw unknownCommand('seamless-vendors', sub, usageOf('seamless-vendors'));
  }
}

/** The transfer model's terms (ADR 021), for add and set. */
const transferFlags = {
  'wallet-model': { type: 'string' },
  'transfer-api-url': { type: 'string' },
  'auto-transfer-in': { type: 'string' },
} as const;

function transferTerms(values: {
  'wallet-model'?: string | undefined;
  'transfer-api-url'?: string | undefined;
  'auto-transfer-in'?: string | undefined;
}): { walletModel?: 'seamless' | 'transfer'; transferApiUrl?: string; autoTransferIn?: boolean } {
  const model = values['wallet-model'];
  if (model !== undefined && model !== 'seamless' && model !== 'transfer') {
    throw new UsageError(
      `--wallet-model must be seamless or transfer, got ${model}`,
      usageOf('seamless-vendors'),
    );
  }
  return {
    ...(model === undefined ? {} : { walletModel: model }),
    ...(values['transfer-api-url'] === undefined ? {} : { transferApiUrl: values['transfer-api-url'] }),
    ...(values['auto-transfer-in'] === undefined
      ? {}
      : { autoTransferIn: yesNo(values['auto-transfer-in'], 'auto-transfer-in') }),
  };
}

function yesNo(value: string, flag: string): boolean {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  throw new UsageError(`--${flag} must be yes or no, got ${value}`, usageOf('seamless-vendors'));
}

async function openRoundsCommand(provider: ProviderService, args: string[]): Promise<Outcome> {
  const { values } = parse(args, { limit: { type: 'string' } }, usageOf('open-rounds'), 0);
  const limit = optionalInteger(values.limit, 'limit', usageOf('open-rounds')) ?? 200;
  const rows = await provider.openRounds(Math.min(Math.max(limit, 1), 1000));
  return {
    output: table(
      ['VENDOR', 'ROUND', 'PLAYER ID', 'GAME', 'MONEY', 'BETS', 'WINS', 'REFUNDS', 'OPENED', 'LAST CALL'],
      rows.map((row) => [
        row.vendorCode,
        row.roundId,
        String(row.memberId),
        row.gameCode,
        row.ledgerCurrency,
        providerMoney(row.betTotal),
        providerMoney(row.winTotal),
        providerMoney(row.refundTotal),
        iso(row.openedAt),
        iso(row.lastActivityAt),
      ]),
    ),
  };
}
