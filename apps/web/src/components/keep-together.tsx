import { splitKeepTogether } from '../lib/keep-together.ts';

/** Text whose dates, times and phone numbers each stay on one line; the rest wraps as usual. */
export function KeepTogether({ children }: { children: string }) {
  return (
    <>
      {splitKeepTogether(children).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="nowrap">
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </>
  );
}
