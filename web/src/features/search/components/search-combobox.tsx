// The header's search as a WAI-ARIA 1.2 combobox with a listbox popup: results as the
// visitor types, grouped by kind with small posters; arrow keys move through them, Enter
// opens the one chosen (or the results page), Escape closes the list, then clears.
//
// It takes over the header's field where it is rather than putting its own in its place:
// a field replaced while focused loses the caret, and on phones the keyboard with it.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useLayoutEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { SearchHit } from '@/types/api';
import { plural } from '@/rules/plural';
import { MIN_QUERY_LENGTH, searchQueryOptions } from '../api/search';
import { groupHits, inReadingOrder } from '../utils/group-hits';
import { HitImage } from './hit-image';
import styles from './search-combobox.module.css';

const NO_HITS: SearchHit[] = [];

/** How many hits the list shows; the results page shows more. */
const LIST_LIMIT = 8;

/** The id of the option at `index` (in reading order) of the list `listId`. */
function optionIdOf(listId: string, index: number): string {
  return `${listId}-option-${index}`;
}

export type SearchComboboxProps = {
  /** The field it serves: what was typed before this code loaded is its value. */
  input: HTMLInputElement;
};

export function SearchCombobox({ input }: SearchComboboxProps) {
  const t = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listId = useId();
  const [query, setQuery] = useState(input.value);
  const [open, setOpen] = useState(input.value.trim().length >= MIN_QUERY_LENGTH);
  const [active, setActive] = useState(-1);
  // Every key press asks (the answer of words typed over is abandoned, its request
  // aborted): the first results are on screen about as soon as the gateway answers,
  // and the last hits stay listed while the next are asked for.
  const words = query.trim();
  const searching = words.length >= MIN_QUERY_LENGTH;
  const { data: hits = NO_HITS, isFetching, isError } = useQuery({
    ...searchQueryOptions(words, LIST_LIMIT),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const groups = groupHits(hits);
  const ordered = inReadingOrder(groups);
  const expanded = open && searching;

  // New hits: a choice made among the old ones no longer points at what was announced.
  const [shownHits, setShownHits] = useState(hits);
  if (shownHits !== hits) {
    setShownHits(hits);
    setActive(-1);
  }

  // The chosen option stays in view as the arrow keys move through a list that scrolls.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionIdOf(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  const choose = (path: string) => {
    setOpen(false);
    setActive(-1);
    input.blur();
    void navigate(path);
  };

  /**
   * Handles a key on the field; 'clear' when Escape empties it, which its listener does:
   * the field is the header's, not something a render may change.
   */
  const onKeyDown = (event: KeyboardEvent): 'clear' | undefined => {
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
          return 'clear';
        }
        break;
      default:
        break;
    }
  };

  // The field's own events, each handled with the latest state.
  const onFieldKeyDown = useEffectEvent(onKeyDown);
  const onFieldInput = useEffectEvent(() => {
    // Asked at once, before the render that follows the key (about a frame on a phone):
    // the list's query finds the answer on its way.
    const typed = input.value.trim();
    if (typed.length >= MIN_QUERY_LENGTH) {
      // A failure is the list's to show, when its own query gets it.
      queryClient.query(searchQueryOptions(typed, LIST_LIMIT)).catch(() => undefined);
    }
    setQuery(input.value);
    setOpen(true);
    setActive(-1);
  });
  useEffect(() => {
    const listeners: [string, (event: Event) => void][] = [
      [
        'keydown',
        (event) => {
          if (onFieldKeyDown(event as KeyboardEvent) === 'clear') input.value = '';
        },
      ],
      ['input', () => onFieldInput()],
      ['focus', () => setOpen(true)],
      ['blur', () => setOpen(false)],
    ];
    for (const [type, listener] of listeners) input.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) input.removeEventListener(type, listener);
    };
  }, [input]);

  // The field's role and state, as the pattern has them.
  useLayoutEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('autocomplete', 'off');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
  }, [input, listId]);
  const activeDescendant = expanded && active >= 0 ? optionIdOf(listId, active) : '';
  useLayoutEffect(() => {
    input.setAttribute('aria-expanded', String(expanded));
    if (activeDescendant) input.setAttribute('aria-activedescendant', activeDescendant);
    else input.removeAttribute('aria-activedescendant');
  }, [input, expanded, activeDescendant]);

  const status = !searching || isFetching ? '' : isError ? t('search.failed') : plural(t, 'search.count', hits.length);

  return (
    <>
      <div className={styles.popup} hidden={!expanded}>
        <div id={listId} role="listbox" aria-label={t('search.suggestions')}>
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className={styles.group}>
              <div id={`${listId}-${group.kind}`} role="presentation" className={styles.groupLabel}>
                {t(`search.kind.${group.kind}`)}
              </div>
              {group.hits.map(({ hit, index }) => (
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- the field keeps focus and takes the keys, pointing at the option with aria-activedescendant (the APG combobox pattern); an option is only ever clicked
                <div
                  key={`${hit.kind}-${hit.id}`}
                  id={optionIdOf(listId, index)}
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
    </>
  );
}
