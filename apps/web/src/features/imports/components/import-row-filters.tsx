import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUrlState, hrefWithQuery, type UrlPlace } from '@/lib/use-url-state';
import {
  hasNoMatch,
  progressText,
  readRowFilter,
  readRowPage,
  rowMatches,
  rowStates,
  writeRowFilter,
  writeRowPage,
  type RowFilter,
  type RowState,
  type rowCounts,
} from './import-row-filter';

export const stateFilterLabel = 'Состояние записей';
export const matchFilterLabel = 'Совпадение с реестром';

type RowView = { filter: RowFilter; page: number };

const readRowView = (search: URLSearchParams): RowView => ({
  filter: readRowFilter(search),
  page: readRowPage(search),
});

/** The rows' link under a filter and page; the rest of the page's query stays. */
const rowViewHref = ({ filter, page }: RowView, { pathname, search }: UrlPlace) =>
  hrefWithQuery(pathname, writeRowPage(writeRowFilter(search, filter), page));

/**
 * The import page's row filter and page, kept in its URL so that coming back from a row finds them as they
 * were left.
 */
export function useRowFilter() {
  const { state, hrefOf, change } = useUrlState(readRowView, rowViewHref);
  const setFilter = (filter: RowFilter) => change(() => ({ filter, page: 0 }), { replace: true });
  const pageHref = (page: number) => hrefOf({ ...state, page });
  return { filter: state.filter, setFilter, page: state.page, pageHref };
}

function ChipGroup<K extends string>({
  label,
  options,
  shown = Object.keys(options) as K[],
  counts,
  selected,
  onSelect,
}: {
  label: string;
  options: Record<K, string>;
  /** The options offered, in order: all of them unless said. */
  shown?: K[];
  counts: Record<K, number>;
  selected: K | null;
  onSelect: (key: K) => void;
}) {
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={label}
      sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mr: 0.5 }}>
        {label}:
      </Typography>
      {shown.map((key) => (
        <Chip
          key={key}
          label={`${options[key]} (${counts[key]})`}
          color={key === selected ? 'primary' : 'default'}
          variant={key === selected ? 'filled' : 'outlined'}
          aria-pressed={key === selected}
          onClick={() => onSelect(key)}
        />
      ))}
    </Stack>
  );
}

/** The states to choose from: «Конфликт» only where a pre-filled file's rows have one (or it is chosen). */
function statesShown(conflicting: number, selected: RowState): RowState[] {
  const states = Object.keys(rowStates) as RowState[];
  return conflicting > 0 || selected === 'conflicting'
    ? states
    : states.filter((state) => state !== 'conflicting');
}

type ImportRowFiltersProps = {
  counts: ReturnType<typeof rowCounts>;
  filter: RowFilter;
  onChange: (filter: RowFilter) => void;
};

/**
 * The import's progress ('Обработано n из N' of the rows to review, and the unchanged rows beside) and its
 * rows' filters: by state, and, for the rows still waiting, by how each meets the register (for operators: a
 * representative's import has no matches). A chosen match chip chosen again shows every match.
 */
export function ImportRowFilters({ counts, filter, onChange }: ImportRowFiltersProps) {
  const { states } = counts;
  const handled = states.finished + states.rejected;
  const toReview = handled + states.pending;
  const progress = progressText(states);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id="import-progress">{progress}</Typography>
      <LinearProgress
        variant="determinate"
        value={toReview === 0 ? 100 : (handled / toReview) * 100}
        aria-labelledby="import-progress"
        sx={{ my: 1 }}
      />
      <Stack spacing={1}>
        <ChipGroup
          label={stateFilterLabel}
          options={rowStates}
          shown={statesShown(states.conflicting, filter.state)}
          counts={states}
          selected={filter.state}
          // A handled or unchanged row has no match: choosing such rows drops the match.
          onSelect={(state) => onChange({ state, match: hasNoMatch(state) ? null : filter.match })}
        />
        {counts.matches && (
          <ChipGroup
            label={matchFilterLabel}
            options={rowMatches}
            counts={counts.matches}
            selected={filter.match}
            onSelect={(match) =>
              onChange({
                state: hasNoMatch(filter.state) ? 'all' : filter.state,
                match: match === filter.match ? null : match,
              })
            }
          />
        )}
      </Stack>
    </Paper>
  );
}
