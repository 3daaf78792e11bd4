import { formatProfileCount } from '@cym/common';
import { useWorkerFilterChoices } from '../../lib/catalog';
import { fetchWorkers } from './api';
import { Directory } from './Directory';
import { WorkerCard } from './WorkerCard';

const STORAGE_KEY = 'workersFilters';

/** The worker directory (spec 02 §2.1): filters and pages are asked of the server. */
export default function WorkersPage() {
  return (
    <Directory
      title="¿Estás buscando personal para tu casa?"
      storageKey={STORAGE_KEY}
      name="workers"
      choices={useWorkerFilterChoices().data}
      fetchPage={fetchWorkers}
      renderItem={(worker) => <WorkerCard worker={worker} />}
      itemKey={(worker) => worker.id}
      countLabel={formatProfileCount}
      emptyText="No hay trabajadores/as disponibles en este momento."
      gridClass="card-grid--two"
    />
  );
}
