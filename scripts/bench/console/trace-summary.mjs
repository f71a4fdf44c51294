// Where a Chromium performance trace's time went (the monitoring bench's --trace): the renderer
// main thread's self time per trace event between two moments, grouped into script, style, layout,
// paint and the rest, and the raster threads' work beside it.

/** Trace event names per group; a name not listed counts as "other" (task overhead, IPC, timers). */
const GROUPS = [
  ['style', /^(Document::recalcStyle|Document::updateStyle|Blink\.Style\..*|UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|InvalidateLayout|ScheduleStyleRecalculation|StyleInvalidatorInvalidationTracking)$/],
  ['layout', /^(LocalFrameView::performLayout|Blink\.Layout\..*|Layout|UpdateLayout|LocalFrameView::layout|LayoutShift|IntersectionObserverController::computeIntersections|ResizeObserverController::DeliverObservations|HitTest)$/],
  ['paint', /^(ProxyMain::BeginMainFrame::commit|Blink\.(CompositingInputs|PrePaint|Paint|Compositing.*)\..*|LayerTreeHost::.*|Paint|PrePaint|PaintImage|Layerize|UpdateLayer|UpdateLayerTree|CompositeLayers|Commit|PaintArtifactCompositor::Update|Canvas2DLayerBridge::.*|CanvasResourceProvider::.*|.*Canvas.*)$/],
  ['gc', /(GC|Scavenge|MarkCompact|Sweep)/],
  ['script', /^(FunctionCall|EvaluateScript|RunMicrotasks|TimerFire|FireAnimationFrame|EventDispatch|XHRReadyStateChange|XHRLoad|v8\..*|V8\..*|CompileScript|CompileCode|ParseHTML|FireIdleCallback|ResourceReceivedData|ResourceFinish)$/],
];

const groupOf = (name) => GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';

/** Complete events of one thread as [start, end, name], in µs; B/E pairs joined. */
function threadEvents(events, pid, tid) {
  const result = [];
  const open = [];
  for (const event of events) {
    if (event.pid !== pid || event.tid !== tid) continue;
    if (event.ph === 'X') result.push([event.ts, event.ts + (event.dur ?? 0), event.name]);
    else if (event.ph === 'B') open.push(event);
    else if (event.ph === 'E') {
      const begin = open.pop();
      if (begin) result.push([begin.ts, event.ts, begin.name]);
    }
  }
  return result.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
}

/** Self time per event name within [from, to] µs: each event's time less its children's. */
function selfTimes(events, from, to) {
  const self = new Map();
  const stack = [];
  const add = (name, us) => self.set(name, (self.get(name) ?? 0) + us);
  for (const [start, end, name] of events) {
    if (end < from || start > to) continue;
    const clipped = [Math.max(start, from), Math.min(end, to), name];
    while (stack.length > 0 && stack.at(-1)[1] <= clipped[0]) stack.pop();
    const parent = stack.at(-1);
    if (parent) add(parent[2], -(clipped[1] - clipped[0]));
    add(name, clipped[1] - clipped[0]);
    stack.push(clipped);
  }
  return self;
}

/**
 * `trace`: the parsed JSON of browser.stopTracing(); `from`/`to`: the page's performance.now() in ms
 * of the interval's ends; `timeOrigin`: where performance.now() is 0, in the trace's µs clock (the
 * navigation's start, from a mark the page set). Answers ms per group and the 15 largest names.
 */
export function summarizeTrace(trace, { markName, markAtMs, fromMs, toMs }) {
  const events = trace.traceEvents ?? trace;
  const mark = events.find((event) => event.name === markName && (event.ph === 'R' || event.ph === 'I' || event.ph === 'n' || event.ph === 'b'));
  if (!mark) throw new Error(`the trace has no mark ${markName}`);
  const origin = mark.ts - markAtMs * 1000;
  const from = origin + fromMs * 1000;
  const to = origin + toMs * 1000;
  const names = new Map(events.filter((event) => event.name === 'thread_name').map((event) => [`${event.pid}:${event.tid}`, event.args?.name]));
  const mainKey = `${mark.pid}:${mark.tid}`;
  const mainEvents = threadEvents(events, mark.pid, mark.tid);
  const main = selfTimes(mainEvents, from, to);
  // The main thread's tasks over 10 ms: when (ms from \`from\`) and how long, and what filled them.
  const tasks = mainEvents
    .filter(([start, end, name]) => name === 'ThreadControllerImpl::RunTask' && start >= from && start <= to && end - start > 10_000)
    .map(([start, end]) => {
      const inside = [...selfTimes(mainEvents, start, end)].sort((a, b) => b[1] - a[1]).slice(0, 3);
      return { at: Math.round((start - from) / 1000), ms: Math.round((end - start) / 1000), mostly: inside.map(([name, us]) => `${name} ${Math.round(us / 1000)}`).join(', ') };
    });
  const groups = {};
  for (const [name, us] of main) groups[groupOf(name)] = (groups[groupOf(name)] ?? 0) + us / 1000;
  const busy = Object.values(groups).reduce((sum, ms) => sum + ms, 0);
  let raster = 0;
  for (const [key, name] of names) {
    if (key === mainKey || !/Compositor|Raster|VizCompositor|CrGpuMain/.test(name ?? '')) continue;
    const [pid, tid] = key.split(':').map(Number);
    for (const [start, end, eventName] of threadEvents(events, pid, tid)) {
      if (/^(RasterTask|TileManager::FlushAndIssueSignals|GpuRasterization|RasterizeTask|ImageDecodeTask|DrawFrame|Display::DrawAndSwap|SkiaOutputSurfaceImplOnGpu::SwapBuffers)$/.test(eventName) && end >= from && start <= to) raster += (Math.min(end, to) - Math.max(start, from)) / 1000;
    }
  }
  const top = [...main].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([name, us]) => ({ name, group: groupOf(name), ms: Math.round(us / 100) / 10 }));
  return { intervalMs: toMs - fromMs, mainThreadBusyMs: Math.round(busy), groups: Object.fromEntries(Object.entries(groups).map(([group, ms]) => [group, Math.round(ms)])), rasterThreadsMs: Math.round(raster), top, tasks };
}

export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8', 'blink', 'cc', 'toplevel', 'gpu', 'viz', 'disabled-by-default-devtools.timeline.frame'];

/** A CDP CPU profile's self time per function (name, file, line), the `count` largest, in ms. */
export function profileTop(profile, count = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const name = `${frame?.functionName || '(anonymous)'} ${String(frame?.url ?? '').split('/').pop()}:${frame?.lineNumber ?? ''}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `${Math.round(ms)} ms ${name}`);
}
