import type { PvpRoom } from '@platform/contract/client';
import { useTranslation } from 'react-i18next';
import { Button, Empty, ErrorState } from '@/components';
import { useCountFormat, useMoneyFormat } from '@/features/system';
import { errorText } from '@/lib/error-text';
import { usePvpRooms } from './api/get-pvp-rooms';
import type { LaunchableGame, LaunchOptions } from './use-launch-game';

export interface PvpRoomsProps {
  /** the vendor tab shown, or every PVP vendor */
  vassalage?: string;
  /** the room whose launch is under way */
  opening: string | null;
  onJoin(game: LaunchableGame, options: LaunchOptions): void;
}

function RoomCard({
  room,
  opening,
  onJoin,
}: {
  room: PvpRoom;
  opening: boolean;
  onJoin: PvpRoomsProps['onJoin'];
}) {
  const { t, i18n } = useTranslation('game');
  const money = useMoneyFormat();
  const count = useCountFormat();
  const name = i18n.language === 'en' ? room.name.en : room.name.bn;
  const full = room.seatsFree === 0;
  const headingId = `pvp-room-${room.vassalage}-${room.roomId}`;
  return (
    <li className="pvp-room card" aria-labelledby={headingId}>
      <h3 id={headingId} className="pvp-room__name">
        {name}
      </h3>
      <p className="pvp-room__game">{room.gameName}</p>
      <p className="pvp-room__bet">{t('rooms.minBet', { amount: money(room.minBet) })}</p>
      <p className="pvp-room__free">
        {t('rooms.seatsFree', { free: count(room.seatsFree), total: count(room.seats.length) })}
      </p>
      <ul className="pvp-room__seats" aria-label={t('rooms.seats', { room: name })}>
        {room.seats.map((seat) => (
          <li key={seat.seat} className={`pvp-seat${seat.taken ? ' pvp-seat--taken' : ''}`}>
            <span className="pvp-seat__dot" aria-hidden="true" />
            {t(seat.taken ? 'rooms.seatTaken' : 'rooms.seatFree', { seat: count(seat.seat + 1) })}
          </li>
        ))}
      </ul>
      <Button
        aria-label={t('rooms.joinRoom', { room: name })}
        disabled={full}
        aria-busy={opening || undefined}
        onClick={() =>
          onJoin(
            {
              nodeId: room.nodeId,
              gameCode: room.gameCode,
              vassalage: room.vassalage,
              gameName: `${room.gameName} — ${name}`,
            },
            { roomId: room.roomId },
          )
        }
      >
        {full ? t('rooms.full') : opening ? t('rooms.joining') : t('rooms.join')}
      </Button>
    </li>
  );
}

/**
 * The PVP lobby's rooms (SPEC section 7, PVP rooms): each with its game, bet and seats (free or taken, in
 * words), and a join button that opens the game seated in that room. The list refreshes every few
 * seconds; a vendor that does not answer is said so, with a retry.
 */
export function PvpRooms({ vassalage, opening, onJoin }: PvpRoomsProps) {
  const { t } = useTranslation('game');
  const rooms = usePvpRooms(vassalage);

  let body;
  if (rooms.isPending) {
    body = (
      <ul className="pvp-rooms__list" aria-busy="true" aria-label={t('rooms.loading')}>
        {[0, 1].map((index) => (
          <li key={index} className="pvp-room pvp-room--skeleton card" aria-hidden="true" />
        ))}
      </ul>
    );
  } else if (rooms.isError) {
    body = <ErrorState message={errorText(t, rooms.error, 'common')} onRetry={() => void rooms.refetch()} />;
  } else if (rooms.data.state === 'unavailable') {
    body = (
      <div className="pvp-rooms__state" role="status">
        <Empty title={t('rooms.unavailable')} hint={t('rooms.unavailableHint')} />
        <Button variant="secondary" onClick={() => void rooms.refetch()}>
          {t('rooms.retry')}
        </Button>
      </div>
    );
  } else if (rooms.data.rooms.length === 0) {
    body = <Empty title={t('rooms.empty')} hint={t('rooms.emptyHint')} />;
  } else {
    body = (
      <>
        {rooms.data.state === 'partial' ? (
          <p className="pvp-rooms__note" role="status">
            {t('rooms.partial')}
          </p>
        ) : null}
        <ul className="pvp-rooms__list">
          {rooms.data.rooms.map((room) => (
            <RoomCard
              key={`${room.vassalage}-${room.roomId}`}
              room={room}
              opening={opening === room.roomId}
              onJoin={onJoin}
            />
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="pvp-rooms" aria-labelledby="pvp-rooms-title">
      <h2 id="pvp-rooms-title" className="pvp-rooms__title">
        {t('rooms.title')}
      </h2>
      {body}
    </section>
  );
}
