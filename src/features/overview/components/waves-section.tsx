import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { countOf, waveStateSummary } from '@/lib/wave-summary';
import { overviewMovesQuery } from '../api/move-summaries-query';
import type { OverviewLinks } from '../links';
import type { WaveWithExports } from '../utils/exports';
import { OverviewSection } from './overview-section';
import { ToneChip } from '@/components/tone-chip';

/** One line of what a wave did: progress, what it could not do, and how many exports it took. */
function waveLine({ wave, exports }: WaveWithExports): string {
  const parts = [
    `${wave.verified} of ${countOf(wave.batches, 'batch', 'batches')} verified`,
    wave.isolated > 0 ? `${countOf(wave.isolated, 'repository', 'repositories')} not exported` : '',
    `${countOf(exports.length, 'export', 'exports')} on GitHub, shown here rather than below`,
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * Ferry's waves, newest first, each with the exports it started folded under it. A move's own wave is its move's
 * business (the moves section links to it): left out here once the moves are known.
 */
export function WavesSection({ waves, links }: { waves: WaveWithExports[]; links: OverviewLinks }) {
  const moves = useQuery(overviewMovesQuery()).data;
  const ofMoves = new Set(moves?.flatMap((move) => (move.waveId ? [move.waveId] : [])));
  const sorted = waves
    .filter((entry) => !ofMoves.has(entry.wave.id))
    .sort((a, b) => Date.parse(b.wave.createdAt) - Date.parse(a.wave.createdAt));
  if (sorted.length === 0) return null;
  return (
    <OverviewSection title="Migration waves">
      <List dense disablePadding aria-label="Waves">
        {sorted.map((entry) => {
          const { wave } = entry;
          const summary = waveStateSummary(wave.state, wave);
          const owner = wave.owner.kind === 'org' ? wave.owner.login : 'my repositories';
          return (
            <ListItem key={wave.id} disablePadding>
              <ListItemButton component={Link} to={links.wave(wave.id)} sx={{ gap: 1, borderRadius: 1 }}>
                <ListItemText
                  primary={`Wave of ${owner}, ${formatDateTime(Date.parse(wave.createdAt))}`}
                  secondary={waveLine(entry)}
                />
                <ToneChip tone={summary.tone} label={summary.label} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </OverviewSection>
  );
}
