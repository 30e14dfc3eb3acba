import { describe, expect, it } from 'vitest';
import { boardAt, evaluateBoard, evaluateLine, playRound } from './evaluate.js';
import { LINE_COUNT, parseStrip, SCATTER, slotSymbols, symbolLetters, type SlotSymbol } from './machine.js';

/**
 * Boards written as the player sees them: three rows, top to bottom, of five letters (reels 1 to 5).
 * W tiger (wild), S lantern (scatter), P peacock, E elephant, B boat, D drum, L lotus, M mango, F fish,
 * K kite. The expected wins were worked out by hand from the paytable (machine.ts) and the 20 lines.
 *
 * The fillers are chosen so that only the line under test can pay: on reels 1 to 3 the top row uses
 * L M F, the bottom row K D E, and the middle row what the test needs, so no other line starts with
 * three of a kind.
 */
function board(rows: [string, string, string]): number[][] {
  const [top, middle, bottom] = rows.map(parseStrip) as [number[], number[], number[]];
  return [0, 1, 2, 3, 4].map((reel) => [top[reel], middle[reel], bottom[reel]] as number[]);
}
const id = (name: SlotSymbol) => slotSymbols.indexOf(name);
const letters = (symbols: number[]) => symbols.map((symbol) => symbolLetters[symbol]).join('');

describe('a payline', () => {
  it.each([
    // symbols on the line, what pays, how many, line bets
    ['PPPKK', 'peacock', 3, 50],
    ['PPPPK', 'peacock', 4, 200],
    ['PPPPP', 'peacock', 5, 750],
    ['PWPEK', 'peacock', 3, 50], // the wild stands in for the peacock
    ['WWPPP', 'peacock', 5, 750], // leading wilds take the first symbol that is not one
    ['WPWWK', 'peacock', 4, 200],
    ['WWWKF', 'tiger', 3, 100], // three wilds (100) beat four kites (15)
    ['WWWWW', 'tiger', 5, 2000],
    ['WWWWK', 'tiger', 4, 500], // four wilds (500) beat five kites (50)
    ['KKFFF', 'kite', 2, 0], // two of a kind pay nothing
    ['FKKKK', 'fish', 1, 0], // only from the leftmost reel
    ['WWSPP', 'tiger', 2, 0], // the scatter breaks the run and pays nothing on a line
    ['LLSLL', 'lotus', 2, 0],
  ] as const)('%s pays %s x%i = %i line bets', (line, symbol, count, pay) => {
    const result = evaluateLine(parseStrip(line));
    expect(result.pay).toBe(pay);
    if (pay > 0) expect(result).toEqual({ symbol: id(symbol), count, pay });
  });

  it('four peacocks after three wilds pay the peacocks (200), not the wilds (100)', () => {
    expect(evaluateLine(parseStrip('WWWPF'))).toEqual({ symbol: id('peacock'), count: 4, pay: 200 });
  });
});

describe('a board', () => {
  it('pays the middle line with a wild standing in, and nothing else', () => {
    const result = evaluateBoard(board(['LMFBK', 'PWPEK', 'KDELM']));
    expect(result.lines).toEqual([{ line: 0, symbol: id('peacock'), count: 3, pay: 50 }]);
    expect(result.scatters).toBe(0);
    expect(result.pay).toBe(50);
  });

  it('a wild on the top row pays only the line whose symbols it completes (line 2)', () => {
    // Reel 2's top is a wild. Line 2 (0,0,0,0,0) reads L W L B K: lotus x3 = 10. Line 6 (0,0,1,2,2)
    // reads L W D: nothing; line 18 (0,0,2,0,0) L W E: nothing. The wild also lies on lines 8 (1,0,0)
    // and 12 (1,0,1) from the middle of reel 1: P W L and P W D, nothing. So one line pays.
    const result = evaluateBoard(board(['LWLBK', 'PMDEF', 'KDEFM']));
    expect(result.lines).toEqual([{ line: 1, symbol: id('lotus'), count: 3, pay: 10 }]);
    expect(result.pay).toBe(10);
  });

  it('a V of elephants pays line 4 (0,1,2,1,0) five of a kind', () => {
    // Line 4 reads E E E E E (top of reel 1, middle of reel 2, bottom of reel 3, middle of reel 4, top
    // of reel 5): 500. No other line starts with three of one symbol.
    const result = evaluateBoard(board(['EMFKE', 'LEPED', 'KDEBM']));
    expect(result.lines).toEqual([{ line: 3, symbol: id('elephant'), count: 5, pay: 500 }]);
  });

  it('scatters pay anywhere on the board, on the total bet, and three start ten free spins', () => {
    // Lanterns on reel 1 top, reel 3 bottom and reel 5 middle: on no common line.
    const result = evaluateBoard(board(['SMFKB', 'PBPES', 'KDSDM']));
    expect(result.lines).toEqual([]);
    expect(result.scatters).toBe(3);
    expect(result.scatterPay).toBe(5);
    expect(result.freeSpins).toBe(10);
    // 5 total bets are 100 line bets.
    expect(result.pay).toBe(5 * LINE_COUNT);
  });

  it('four scatters pay 20 total bets and start 15 free spins; five pay 100 and start 20', () => {
    const four = evaluateBoard(board(['SMFSB', 'PBPEK', 'KSEDS']));
    expect([four.scatters, four.scatterPay, four.freeSpins]).toEqual([4, 20, 15]);
    const all = evaluateBoard(board(['SMSKB', 'PSPSK', 'KDEDS']));
    expect([all.scatters, all.scatterPay, all.freeSpins]).toEqual([5, 100, 20]);
  });

  it('two scatters pay nothing and start nothing', () => {
    const result = evaluateBoard(board(['SMFKB', 'PBPEK', 'KDEDS']));
    expect([result.scatters, result.scatterPay, result.freeSpins, result.pay]).toEqual([2, 0, 0, 0]);
  });

  it('line wins and the scatter pay add up', () => {
    // The middle line pays peacock x3 (50); three lanterns pay 5 total bets (100 line bets).
    const result = evaluateBoard(board(['SMFKS', 'PWPEK', 'KDSLM']));
    expect(result.lines).toEqual([{ line: 0, symbol: id('peacock'), count: 3, pay: 50 }]);
    expect(result.pay).toBe(50 + 100);
  });
});

describe('reels and stops', () => {
  it("a reel's top row shows the strip at its stop and the rows below the next symbols, wrapping round", () => {
    const strips = ['LMFKD', 'PEBWS', 'LMFKD', 'PEBWS', 'LMFKD'].map(parseStrip);
    const shown = boardAt(strips, [0, 3, 4, 2, 1]);
    expect(shown.map(letters)).toEqual(['LMF', 'WSP', 'DLM', 'BWS', 'MFK']);
  });
});

describe('a round', () => {
  // Reels 1 to 3 show three lanterns across the top at stop 0 and no pay at stop 3; reels 4 and 5
  // have no lantern. At stops [0,0,0,0,0] the top row reads S S S P P and no line pays (reels 1 to 3
  // show L/M, K/F and D/E below the lanterns); at [3,3,3,3,3] nothing pays either.
  const strips = ['SLMKFD', 'SKFLME', 'SDEPBK', 'PBEKFD', 'PBEKFD'].map(parseStrip);
  const script = (stops: number[][]) => {
    const flat = stops.flat();
    let at = 0;
    return () => {
      const stop = flat[at];
      at += 1;
      if (stop === undefined) throw new Error('the round drew more stops than scripted');
      return stop;
    };
  };

  it('three scatters start ten free spins, a free spin with three more adds ten, and every free win is tripled', () => {
    const triggered = [0, 0, 0, 0, 0];
    const blank = [3, 3, 3, 3, 3];
    const round = playRound(
      strips,
      script([triggered, triggered, ...Array.from({ length: 19 }, () => blank)]),
    );
    expect(round.base.scatters).toBe(3);
    expect(round.base.lines).toEqual([]);
    // 10 awarded, the first of them awards 10 more: 20 free spins in all.
    expect(round.free).toHaveLength(20);
    expect(round.free[0]?.freeSpins).toBe(10);
    expect(round.free.slice(1).every((spin) => spin.pay === 0 && spin.scatters === 0)).toBe(true);
    // The paid spin's scatters pay 100 line bets; the retriggering free spin's 100, tripled.
    expect(round.pay).toBe(100 + 3 * 100);
  });

  it('a paid spin without three scatters is the whole round', () => {
    const round = playRound(strips, script([[3, 3, 3, 3, 3]]));
    expect(round.free).toEqual([]);
    expect(round.pay).toBe(0);
  });

  it('the scatter is never a line symbol', () => {
    expect(evaluateLine([SCATTER, SCATTER, SCATTER, SCATTER, SCATTER]).pay).toBe(0);
  });
});
