import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatLastSeen } from '@cym/common';
import { DataSource } from 'typeorm';
import { preparedQuery } from '../../database/prepared-query';
import { CatalogService } from '../catalog/catalog.service';
import { limitOffsetSql, listedWorkersWhere, type WorkerRow, workersPageSql } from './browse.queries';
import { WorkerCardDto } from './dto/browse.dto';
import { filterConditions, ParsedQuery } from './filters';

/**
 * The public worker directory. One SQL query per request whatever the page size, on the search
 * read model (worker_search: one row per listed worker with its card and its choice ids as
 * arrays, kept by triggers); the ids are turned into labels from the in-memory catalog, and the
 * exact total comes in the same statement. Hidden workers have no row, so are never listed.
 */
@Injectable()
export class WorkersDirectoryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalog: CatalogService,
  ) {}

  async list(query: ParsedQuery): Promise<{ results: WorkerCardDto[]; count: number }> {
    const params: unknown[] = [];
    const conditions = filterConditions(query.filters, params, 's');
    if (!conditions) return { results: [], count: 0 };
    const where = listedWorkersWhere(conditions);
    const paging = query.paginated ? limitOffsetSql(params, query.pageSize, (query.page - 1) * query.pageSize) : '';
    const answer: (WorkerRow | { id: null; total: number })[] = await preparedQuery(
      this.dataSource,
      workersPageSql(where, paging),
      params,
    );
    const rows = answer.filter((r): r is WorkerRow => r.id !== null);
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
    const count = answer[0]?.total ?? 0;
    return { results, count };
  }
}
