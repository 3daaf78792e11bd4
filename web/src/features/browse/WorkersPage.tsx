import { formatProfileCount } from '@cym/common';
import { Directory, prefetchDirectory } from './Directory';
import { WorkerCard } from './WorkerCard';

export const prefetch = prefetchDirectory('workers');

const STORAGE_KEY = 'workersFilters';

/** The worker directory: filters and pages are asked of the server. */
export default function WorkersPage() {
  return (
    <Directory
      title="¿Estás buscando personal para tu casa?"
      storageKey={STORAGE_KEY}
      name="workers"
      renderItem={(worker) => <WorkerCard worker={worker} />}
      itemKey={(worker) => worker.id}
      countLabel={formatProfileCount}
      emptyText="No hay trabajadores/as disponibles en este momento."
      gridClass="card-grid--two"
    />
  );
}
