import { useSearchParams } from 'react-router';
import type { TStatsView } from '../components/StatsTable.tsx';

/** The months / quarters view, kept in the address (`?view=quarters`) like the business and year. */
export function useViewParam(): [TStatsView, (view: TStatsView) => void] {
  const [params, setParams] = useSearchParams();
  const view: TStatsView = params.get('view') === 'quarters' ? 'quarters' : 'months';
  const setView = (next: TStatsView) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'months') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true },
    );
  return [view, setView];
}
