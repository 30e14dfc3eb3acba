import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@platform/contract/client';
import { useCountries } from '../api/get-countries';

/** SPEC section 9: the list closes 200 ms after the picker loses focus (a click on an option lands first). */
export const COUNTRY_CLOSE_DELAY_MS = 200;

export interface CountryPickerProps {
  value: string;
  onChange(dialCode: string): void;
}

/**
 * Dial-code picker: a combobox that opens on focus; typing filters by code or country, arrows move,
 * Enter picks, Escape closes. Picks the answer's default country when nothing is chosen yet.
 */
export function CountryPicker({ value, onChange }: CountryPickerProps) {
  const { t } = useTranslation('auth');
  const { data } = useCountries();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const closeTimer = useRef<number | undefined>(undefined);

  const countries = data?.countries ?? [];
  useEffect(() => {
    if (value || !data) return;
    const fallback =
      data.countries.find((country) => country.countryCode === data.defaultCountryCode) ?? data.countries[0];
    if (fallback) onChange(fallback.countryDialingCode);
  }, [data, value, onChange]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const needle = filter.trim().replace(/^\+/, '').toLowerCase();
  const shown = needle
    ? countries.filter(
        (country) =>
          country.countryDialingCode.startsWith(needle) || country.countryCode.toLowerCase().includes(needle),
      )
    : countries;
  const selected = countries.find((country) => country.countryDialingCode === value);

  const pick = (country: Country) => {
    onChange(country.countryDialingCode);
    setFilter('');
    setOpen(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (shown.length ? (index + step + shown.length) % shown.length : 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      const country = shown[active];
      if (country) pick(country);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setFilter('');
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <div className="auth-country">
      <input
        type="text"
        role="combobox"
        className="auth-country__input"
        aria-label={t('fields.countryCode')}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        autoComplete="off"
        inputMode="tel"
        value={open ? filter : selected ? `+${selected.countryDialingCode}` : value ? `+${value}` : ''}
        placeholder={selected ? `+${selected.countryDialingCode}` : '+'}
        onFocus={() => {
          window.clearTimeout(closeTimer.current);
          setActive(Math.max(0, countries.indexOf(selected ?? (countries[0] as Country))));
          setOpen(true);
        }}
        onBlur={() => {
          closeTimer.current = window.setTimeout(() => {
            setOpen(false);
            setFilter('');
          }, COUNTRY_CLOSE_DELAY_MS);
        }}
        onChange={(event) => {
          setFilter(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={handleKeyDown}
      />
      <ul id={listId} role="listbox" className="auth-country__list" hidden={!open}>
        {shown.map((country, index) => (
          <li
            key={`${country.countryCode}-${country.countryDialingCode}`}
            id={optionId(index)}
            role="option"
            aria-selected={country.countryDialingCode === value}
            className={`auth-country__option${index === active ? ' auth-country__option--active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(country)}
          >
            <span>{country.countryCode}</span> <span>+{country.countryDialingCode}</span>
          </li>
        ))}
        {shown.length === 0 ? <li className="auth-country__empty">{t('country.none')}</li> : null}
      </ul>
    </div>
  );
}
