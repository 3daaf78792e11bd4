import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatLastSeen } from '@cym/common';
import { DataSource } from 'typeorm';
import { CatalogService } from '../catalog/catalog.service';
import { WorkerCardDto } from './dto/browse.dto';
import { ChoiceJoins, filterConditions, ParsedQuery } from './filters';

interface Row {
  id: number;
  date_of_birth: string | null;
  introduction: string | null;
  first_name: string;
  profile_image: string | null;
  last_seen: Date | null;
  province_id: number | null;
  province_name: string | null;
  municipality_id: number | null;
  municipality_name: string | null;
  services: number[];
  arrangements: number[];
  tasks: number[];
  languages: number[];
  shifts: number[];
  total: number;
}

const WORKER_JOINS: ChoiceJoins = {
  services: ['worker_services', 'service_id'],
  work_arrangements: ['worker_work_arrangements', 'work_arrangement_id'],
  tasks: ['worker_tasks', 'task_id'],
  languages: ['worker_languages', 'language_id'],
  work_shifts: ['worker_shifts', 'shift_id'],
};

/**
 * The public worker directory. One SQL query per request whatever the page size: the choice
 * ids come as arrays (one sub-select each) and are turned into labels from the in-memory
 * catalog; the total comes from a window count. Hidden workers are never listed.
 */
@Injectable()
export class WorkersDirectoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
  ) {}

  async list(query: ParsedQuery): Promise<{ results: WorkerCardDto[]; count: number }> {
    const params: unknown[] = [];
    const conditions = filterConditions(query.filters, params, {
      alias: 'w',
      foreignKey: 'worker_profile_id',
      joins: WORKER_JOINS,
    });
    if (!conditions) return { results: [], count: 0 };
    const where = ['w.profile_visibility', 'u.is_active', ...conditions];
    let paging = '';
    if (query.paginated) {
      params.push(query.pageSize, (query.page - 1) * query.pageSize);
      paging = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    // First the page of ids (filter, order, count), then the details of those rows only: the
    // sub-selects run for at most one page, not for every match.
    const rows: Row[] = await this.dataSource.query(
      `WITH page AS (
         SELECT w.id, u.last_seen, count(*) OVER ()::int AS total
           FROM worker_profiles w JOIN users u ON u.id = w.user_id
          WHERE ${where.join(' AND ')}
          ORDER BY u.last_seen DESC NULLS LAST, w.id DESC
          ${paging})
       SELECT w.id, w.date_of_birth::text AS date_of_birth, w.introduction,
              u.first_name, u.profile_image, u.last_seen,
              p.id AS province_id, p.name AS province_name, m.id AS municipality_id, m.name AS municipality_name,
              ARRAY(SELECT service_id FROM worker_services WHERE worker_profile_id = w.id) AS services,
              ARRAY(SELECT work_arrangement_id FROM worker_work_arrangements WHERE worker_profile_id = w.id) AS arrangements,
              ARRAY(SELECT task_id FROM worker_tasks WHERE worker_profile_id = w.id) AS tasks,
              ARRAY(SELECT language_id FROM worker_languages WHERE worker_profile_id = w.id) AS languages,
              ARRAY(SELECT shift_id FROM worker_shifts WHERE worker_profile_id = w.id) AS shifts,
              page.total
         FROM page
         JOIN worker_profiles w ON w.id = page.id
         JOIN users u ON u.id = w.user_id
         LEFT JOIN provinces p ON p.id = w.province_id
         LEFT JOIN municipalities m ON m.id = w.municipality_id
        ORDER BY page.last_seen DESC NULLS LAST, w.id DESC`,
      params,
    );
    const catalog = await this.catalog.get();
    const pick = <T extends { id: number }>(list: T[], ids: number[]) => list.filter((item) => ids.includes(item.id));
    const now = new Date();
    const results = rows.map((r): WorkerCardDto => ({
      id: r.id,
      date_of_birth: r.date_of_birth,
      introduction: r.introduction,
      user: {
        first_name: r.first_name,
        profile_image: r.profile_image,
        formatted_last_seen: formatLastSeen(r.last_seen, now),
      },
      location: {
        municipality: r.municipality_id ? { id: r.municipality_id, name: r.municipality_name ?? '' } : null,
        province: r.province_id ? { id: r.province_id, name: r.province_name ?? '' } : null,
      },
      services: pick(catalog.services, r.services),
      work_arrangements: pick(catalog.workArrangements, r.arrangements),
      tasks: pick(catalog.tasks, r.tasks),
      languages: pick(catalog.languages, r.languages),
      work_shifts: pick(catalog.shifts, r.shifts).map((s) => ({
        day_display: s.day_display,
        shift_display: s.shift_display,
      })),
    }));
    // Past the last page the window count is unavailable; count separately only then.
    const count = rows[0]?.total ?? (query.paginated && query.page > 1 ? await this.countOnly(where, params) : 0);
    return { results, count };
  }

  private async countOnly(where: string[], params: unknown[]): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM worker_profiles w JOIN users u ON u.id = w.user_id WHERE ${where.join(' AND ')}`,
      params.slice(0, -2),
    );
    return (row as { n: number }).n;
  }
}
