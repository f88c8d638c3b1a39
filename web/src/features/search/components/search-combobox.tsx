// The header's search as a WAI-ARIA 1.2 combobox with a listbox popup: results as the
// visitor types, grouped by kind with small posters; arrow keys move through them, Enter
// opens the one chosen (or the results page), Escape closes the list, then clears.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import type { SearchHit } from '@/types/api';
import { plural } from '@/lib/plural';
import { MIN_QUERY_LENGTH, searchQueryOptions } from '../api/search';
import { groupHits, inReadingOrder } from '../utils/group-hits';
import { HitImage } from './hit-image';
import styles from './search-combobox.module.css';

const NO_HITS: SearchHit[] = [];

/** How many hits the list shows; the results page shows more. */
const LIST_LIMIT = 8;
/** Typing this long without a key press sends the words. */
const TYPING_PAUSE_MS = 150;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

type SearchComboboxProps = {
  inputId: string;
  /** What was typed before this code loaded. */
  initialQuery: string;
  inputClassName?: string;
  placeholder: string;
};

export function SearchCombobox({ inputId, initialQuery, inputClassName, placeholder }: SearchComboboxProps) {
  const t = useTranslate();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(initialQuery.trim().length >= MIN_QUERY_LENGTH);
  const [active, setActive] = useState(-1);
  const words = useSettled(query.trim(), TYPING_PAUSE_MS);
  const searching = words.length >= MIN_QUERY_LENGTH;
  const { data: hits = NO_HITS, isFetching, isError } = useQuery({
    ...searchQueryOptions(words, LIST_LIMIT),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const groups = groupHits(hits);
  const ordered = inReadingOrder(groups);
  const expanded = open && searching;
  const optionId = (index: number) => `${listId}-option-${index}`;

  // New hits: a choice made among the old ones no longer points at what was announced.
  const [shownHits, setShownHits] = useState(hits);
  if (shownHits !== hits) {
    setShownHits(hits);
    setActive(-1);
  }

  // The chosen option stays in view as the arrow keys move through a list that scrolls.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // optionId depends on listId only, which never changes.
  }, [active, listId]);

  // This input takes the place of the one the visitor focused: focus and caret follow.
  useLayoutEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const choose = (path: string) => {
    setOpen(false);
    setActive(-1);
    input.current?.blur();
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = ordered.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((current) => (current + 1) % count);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (count > 0) setActive((current) => (current <= 0 ? count - 1 : current - 1));
        break;
      case 'Enter': {
        // The option chosen, else the results page for the words typed.
        const chosen = expanded && active >= 0 ? ordered[active] : undefined;
        event.preventDefault();
        if (chosen) choose(chosen.path);
        else if (query.trim()) choose(paths.search.build(query));
        break;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else {
          setQuery('');
        }
        break;
      default:
        break;
    }
  };

  const status = !searching || isFetching ? '' : isError ? t('search.failed') : plural(t, 'search.count', hits.length);

  return (
    <div className={styles.combobox}>
      <input
        ref={input}
        id={inputId}
        name="q"
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        className={inputClassName}
        placeholder={placeholder}
        value={query}
        maxLength={100}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <div className={styles.popup} hidden={!expanded}>
        <div id={listId} role="listbox" aria-label={t('search.suggestions')}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className={styles.group}>
              <div id={`${listId}-${group.kind}`} role="presentation" className={styles.groupLabel}>
                {t(`search.kind.${group.kind}`)}
              </div>
              {group.hits.map(({ hit, index }) => (
                <div
                  key={`${hit.kind}-${hit.id}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={styles.option}
                  data-testid="search-option"
                  // A press on an option must not blur the field, which would close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(hit.path)}
                >
                  <HitImage hit={hit} className={styles.thumb} />
                  <span className={styles.text}>
                    <span className={styles.title}>{hit.title}</span>
                    {hit.subtitle ? <span className={styles.subtitle}>{hit.subtitle}</span> : null}
                  </span>
                </div>
              ))}
            </div>
          ))}
        </div>
        {searching && !isFetching && hits.length === 0 ? (
          <div className={styles.empty}>{isError ? t('search.failed') : t('search.none', [words])}</div>
        ) : null}
        <a
          className={styles.all}
          href={paths.search.build(words)}
          tabIndex={-1}
          onMouseDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.preventDefault();
            choose(paths.search.build(words));
          }}
        >
          {t('search.seeAll', [words])}
        </a>
      </div>
      <div role="status" className="visually-hidden">
        {status}
      </div>
    </div>
  );
}
