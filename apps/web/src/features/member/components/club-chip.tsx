import type { MemberInfo } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';

type ClubLabel = MemberInfo['clubLabel'];

/** Dark text on a light label, white on a dark one; white when the colour is not a hex value. */
function textColourOn(colour: string): string {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match?.[1]) return '#fff';
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#1a1300' : '#fff';
}

/** The member's club (rank) label in the operator's two colours, in the reader's language. */
export function ClubChip({ label }: { label: ClubLabel }) {
  const { t } = useTranslation('member');
  return (
    <span
      className="member-club-chip"
      data-rank={label.rankLevel}
      style={{
        background: `linear-gradient(135deg, ${label.color}, ${label.color2 || label.color})`,
        color: textColourOn(label.color),
      }}
    >
      {t(`club.${label.labelName}`, { defaultValue: label.labelName })}
    </span>
  );
}
