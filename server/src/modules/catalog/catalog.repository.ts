import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Language, Municipality, Province, Service, Shift, Task, WorkArrangement } from './entities/catalog.entities';

/** The work arrangements whose key is `$1`. */
const ARRANGEMENTS_WITH_KEY = `SELECT id FROM work_arrangements WHERE key = $1 ORDER BY id`;

/** Every choice list, in its order: the catalog's own by `sort_order`, places by name. */
export interface CatalogLists {
  services: Service[];
  tasks: Task[];
  workArrangements: WorkArrangement[];
  languages: Language[];
  shifts: Shift[];
  provinces: Province[];
  municipalities: Municipality[];
}

/** The choice lists (services, tasks, arrangements, languages, shifts, places): written only by migrations. */
@Injectable()
export class CatalogRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every list at once: seven small queries. */
  async lists(): Promise<CatalogLists> {
    const m = this.dataSource.manager;
    const bySort = { order: { sortOrder: 'ASC' as const } };
    const byName = { order: { name: 'ASC' as const } };
    const [services, tasks, workArrangements, languages, shifts, provinces, municipalities] = await Promise.all([
      m.find(Service, bySort),
      m.find(Task, bySort),
      m.find(WorkArrangement, bySort),
      m.find(Language, bySort),
      m.find(Shift, bySort),
      m.find(Province, byName),
      m.find(Municipality, byName),
    ]);
    return { services, tasks, workArrangements, languages, shifts, provinces, municipalities };
  }

  /** The ids of the work arrangements whose key is `key`, in order. */
  async arrangementIdsWithKey(key: string): Promise<number[]> {
    const rows = (await this.dataSource.query(ARRANGEMENTS_WITH_KEY, [key])) as { id: number }[];
    return rows.map((row) => row.id);
  }
}
