/**
 * Answers the server put into the page for the calls the first screen makes (ADR 017), read once from
 * the page's JSON block. Each is used by the first call to its address only, and only shortly after
 * the page loaded: later calls, and calls after a long stay, ask the server as usual.
 */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | undefined;

/** The address as the server keys it: path and query, the query sorted. */
export function answerKey(url: string): string {
  const [pathName = '', query = ''] = url.split('?');
  const search = new URLSearchParams(query);
  search.sort();
  const text = search.toString();
  return text ? `${pathName}?${text}` : pathName;
}

function load(doc: Document): Map<string, unknown> {
  const block = doc.getElementById('start-up-answers');
  const loaded = new Map<string, unknown>();
  try {
    const parsed: unknown = block?.textContent ? JSON.parse(block.textContent) : null;
    if (parsed && typeof parsed === 'object') {
      for (const [key, value] of Object.entries(parsed)) loaded.set(key, value);
    }
  } catch {
    // A damaged block only costs the calls it would have saved.
  }
  block?.remove();
  return loaded;
}

/** The server's answer (the whole envelope) for a GET of `url`, once; undefined when there is none. */
export function takeStartUpAnswer(
  url: string,
  doc: Document = document,
  msSinceLoad: number = performance.now(),
): unknown {
  answers ??= load(doc);
  if (answers.size === 0) return undefined;
  if (msSinceLoad > FRESH_FOR_MS) {
    answers.clear();
    return undefined;
  }
  const key = answerKey(url);
  const answer = answers.get(key);
  answers.delete(key);
  return answer;
}

/** Tests: forget what was read, so the next call reads the document again. */
export function resetStartUpAnswers(): void {
  answers = undefined;
}
