// The data of bench/assistant.mjs (issue 14): a project's year written straight into the database
// with the server's own connection, as bench/work-orders.mjs writes its orders — gateways with COD,
// 进水流量 and a run signal, a year of hourly rollups generated in the database, minute points of the
// last three hours, warnings, equipment bound to the run signals, malfunctions and work orders.
// Deterministic, so SQLite and PostgreSQL get the same project.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A small deterministic generator, so both databases get the same data. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Inserts `rows` 1,000 (or `size`) a statement. */
async function chunked(db, table, rows, size = 1000) {
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
}

/** Work-order statuses as a year of work leaves them (as bench/work-orders.mjs). */
const STATUS_SHARES = [
  [11, 0.62],
  [12, 0.04],
  [6, 0.08],
  [10, 0.06],
  [13, 0.05],
  [2, 0.04],
  [4, 0.03],
  [1, 0.02],
  [3, 0.01],
  [9, 0.01],
  [5, 0.02],
  [7, 0.01],
  [8, 0.01],
];

/** The project's year, written straight into the database with the server's connection. */
export async function seed(db, projectId, postgres, sizes) {
  const {
    gateways: GATEWAYS,
    series: SERIES,
    warnings: WARNINGS,
    orders: ORDERS,
    equipment: EQUIPMENT,
    malfunctions: MALFUNCTIONS,
  } = sizes;
  const { sql } = await import('kysely');
  const rand = random(14);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const now = Date.now();
  const currentHour = Math.floor(now / HOUR) * HOUR;
  const yearStart = currentHour - 365 * DAY;
  const sites = (
    await db
      .selectFrom('groups')
      .select('id')
      .where('project_id', '=', projectId)
      .where('group_type', '=', 'site')
      .execute()
  ).map((g) => g.id);

  // Indicators: the project's own COD / 进水流量 when it has them, else new ones.
  const indicator = async (name, type, unit) => {
    const existing = await db
      .selectFrom('indicators')
      .select('id')
      .where('project_id', '=', projectId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (existing) return existing.id;
    return (
      await db
        .insertInto('indicators')
        .values({
          project_id: projectId,
          firm_id: null,
          name,
          type,
          unit,
          decimal_places: 2,
          enums: '[]',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  };
  const kinds = [
    ['cod', await indicator('COD', 'float', 'mg/L')],
    ['flow', await indicator('进水流量', 'float', 'm³/h')],
    ['run', await indicator('运行信号', 'integer', '')],
  ];

  const gateways = Array.from({ length: GATEWAYS }, (_, i) => ({
    serial_number: `AIB${String(i).padStart(6, '0')}`,
    alias: `${i + 1}号站网关`,
    type: 'ordinary',
    model: 'direct',
    iccid: '',
    batch_or_contract: '',
    firm_id: null,
    project_id: projectId,
    group_id: sites.length ? sites[i % sites.length] : projectId,
    secret_hash: `x${i}`,
    bind_code: 'X',
    // About one in seven offline, as a real fleet with patchy links.
    online_status: rand() < 0.14 ? 'offlineTimeout' : 'online',
    clock_status: null,
    last_seen_at: now - Math.floor(rand() * HOUR),
    unknown_key_count: 0,
    rejected_value_count: 0,
    modbus_config: '{}',
    created_at: yearStart,
  }));
  await chunked(db, 'gateways', gateways, 500);
  const gatewayIds = (
    await db
      .selectFrom('gateways')
      .select('id')
      .where('serial_number', 'like', 'AIB%')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);
  await chunked(
    db,
    'gateway_indicators',
    gatewayIds.flatMap((gateway_id) =>
      kinds.map(([key, indicator_id]) => ({
        gateway_id,
        indicator_id,
        alias: '',
        data_identification: key,
        io_type: 'r',
        decimal_places: null,
        is_auto_reposition: 0,
        reposition_delay: 0,
        modbus: '{}',
        created_at: yearStart,
      })),
    ),
  );
  const seriesOf = async (key) =>
    (
      await db
        .selectFrom('gateway_indicators as gi')
        .innerJoin('gateways as g', 'g.id', 'gi.gateway_id')
        .select('gi.id')
        .where('g.serial_number', 'like', 'AIB%')
        .where('gi.data_identification', '=', key)
        .orderBy('gi.id')
        .execute()
    ).map((r) => r.id);
  const cod = await seriesOf('cod');
  const flow = await seriesOf('flow');
  const run = await seriesOf('run');

  // A year of closed hours for the first SERIES COD and 进水流量 series, generated in the database:
  // a daily swing, a per-series level and a deterministic jitter; the extremes carry sample times.
  const rolled = [...cod.slice(0, SERIES), ...flow.slice(0, SERIES)];
  const codSet = new Set(cod);
  for (const id of rolled) {
    const level = sql`cast(${codSet.has(id) ? 20 + (id % 23) : 300 + (id % 97) * 3} as bigint)`;
    await sql`
      with recursive hours(h) as (
        select cast(${yearStart} as bigint)
        union all select h + 3600000 from hours where h + 3600000 < cast(${currentHour} as bigint)
      )
      insert into telemetry_hourly
        (gateway_indicator_id, hour, mn, mx, sm, n, first_ts, first_value, last_ts, last_value, mn_ts, mx_ts)
      select cast(${id} as bigint), h,
        ${level} + ((h / 3600000) % 24) - 3,
        ${level} + ((h / 3600000) % 24) + 4 + ((h / 3600000 * 7919 + cast(${id} as bigint)) % 17),
        (${level} + ((h / 3600000) % 24)) * 60, 60,
        h, ${level} + ((h / 3600000) % 24), h + 3540000, ${level} + ((h / 3600000) % 24) + 1,
        h + ((h / 3600000) % 60) * 60000, h + (((h / 3600000) * 7) % 60) * 60000
      from hours`.execute(db);
  }
  // Three hours of minute points and the last value of each of those series.
  const raw = [];
  const last = [];
  for (const id of rolled) {
    const level = codSet.has(id) ? 25 : 320;
    for (let ts = currentHour - 3 * HOUR; ts < now - 60_000; ts += 60_000)
      raw.push({
        gateway_indicator_id: id,
        ts,
        num_value: level + Math.round(rand() * 500) / 100,
        text_value: null,
      });
    last.push({ gateway_indicator_id: id, ts: now - 60_000, num_value: level, text_value: null });
  }
  await chunked(db, 'telemetry', raw);
  await chunked(db, 'last_values', last);

  const warnings = Array.from({ length: WARNINGS }, (_, i) => {
    const g = Math.floor(rand() * GATEWAYS);
    const startedAt = yearStart + Math.floor(((i + rand()) * 365 * DAY) / WARNINGS);
    const recent = startedAt > now - 3 * DAY;
    const handled = !recent && rand() < 0.95;
    return {
      project_id: projectId,
      gateway_id: gatewayIds[g],
      gateway_indicator_id: cod[g],
      rule_id: null,
      kind: rand() < 0.8 ? 'high' : 'low',
      level: 1 + Math.floor(rand() * 3),
      value: String(40 + Math.floor(rand() * 30)),
      threshold: '> 40',
      started_at: startedAt,
      released_at: recent && rand() < 0.5 ? null : startedAt + Math.floor(rand() * 6 * HOUR),
      release_value: null,
      handle_status: handled ? 'handled' : rand() < 0.3 ? 'handling' : 'unhandled',
      handled_by: null,
      handled_at: handled ? startedAt + 12 * HOUR : null,
    };
  });
  await chunked(db, 'warnings', warnings);

  const pumps = ['提升泵', '鼓风机', '刮泥机', '搅拌器', '加药泵'];
  await chunked(
    db,
    'equipment',
    Array.from({ length: EQUIPMENT }, (_, i) => ({
      project_id: projectId,
      name: `${Math.floor(i / pumps.length) + 1}号${pumps[i % pumps.length]}`,
      code: `AIB-EQ-${i + 1}`,
      category: pumps[i % pumps.length],
      model: '',
      manufacturer: '',
      serial_number: '',
      group_id: sites.length ? sites[i % sites.length] : null,
      install_date: null,
      warranty_end: null,
      rated_capacity: null,
      rated_unit: '',
      attachments: '[]',
      manual_status: rand() < 0.03 ? 'maintenance' : 'normal',
      remark: '',
      created_at: yearStart,
      updated_at: yearStart,
    })),
    500,
  );
  const equipmentIds = (
    await db.selectFrom('equipment').select('id').where('code', 'like', 'AIB-EQ-%').orderBy('id').execute()
  ).map((r) => r.id);
  await chunked(
    db,
    'equipment_bindings',
    equipmentIds.map((equipment_id, i) => ({ equipment_id, role: 'run', gateway_indicator_id: run[i] })),
  );
  await chunked(
    db,
    'last_values',
    equipmentIds.map((_, i) => ({
      gateway_indicator_id: run[i],
      ts: now - 30_000,
      num_value: rand() < 0.8 ? 1 : 0,
      text_value: null,
    })),
  );
  await chunked(
    db,
    'malfunctions',
    Array.from({ length: MALFUNCTIONS }, (_, i) => {
      const startedAt = yearStart + Math.floor(((i + rand()) * 365 * DAY) / MALFUNCTIONS);
      const open = startedAt > now - 2 * DAY && rand() < 0.5;
      return {
        project_id: projectId,
        equipment_id: pick(equipmentIds),
        // A piece has at most one open fault-signal malfunction (malfunctions_open_signal): the
        // open ones were reported by hand.
        origin: !open && rand() < 0.6 ? 'signal' : 'manual',
        gateway_indicator_id: null,
        warning_id: null,
        description: pick(['过热', '振动异常', '电流过载', '堵塞', '漏油']),
        photos: '[]',
        reported_by: null,
        started_at: startedAt,
        ended_at: open ? null : startedAt + Math.floor(rand() * 8 * HOUR),
        closed_by: null,
        close_note: '',
        created_at: startedAt,
      };
    }),
  );
  const statusOf = () => {
    let r = rand();
    for (const [status, share] of STATUS_SHARES) {
      r -= share;
      if (r < 0) return status;
    }
    return 11;
  };
  await chunked(
    db,
    'work_orders',
    Array.from({ length: ORDERS }, (_, i) => {
      const created = yearStart + Math.floor(((i + rand()) * 365 * DAY) / ORDERS);
      const status = statusOf();
      const due = created + Math.floor((1 + rand() * 6) * DAY);
      const finished = status === 11 || status === 12 ? created + Math.floor((1 + rand() * 96) * HOUR) : null;
      return {
        project_id: projectId,
        code: `AIB${String(i + 1).padStart(8, '0')}`,
        title: `${pick(['格栅清理', '水泵巡检', '加药', '鼓风机保养', '仪表校准'])}${i}`,
        type: pick([1, 2, 4, 8, 5, 9, 3]),
        priority: 1 + Math.floor(rand() * 3),
        status,
        version: 1,
        submitted_at: status === 11 ? finished : null,
        group_id: sites.length ? pick(sites) : null,
        equipment_id: pick(equipmentIds),
        source: rand() < 0.3 ? 'plan' : 'manual',
        source_id: null,
        description: '',
        due_at: due,
        execution: null,
        created_by: null,
        created_at: created,
        updated_at: finished ?? created,
        overdue_at: status === 13 ? due : null,
        closed_at: status === 11 ? finished : null,
      };
    }),
    500,
  );
  if (postgres) await sql`analyze`.execute(db);
  return {
    rollups: rolled.length * Math.round((currentHour - yearStart) / HOUR),
    raw: raw.length,
    warnings: WARNINGS,
  };
}
