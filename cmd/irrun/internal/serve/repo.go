package serve

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/irrun/irrun/graph"
	"github.com/irrun/irrun/ir"
)

// Version states, with OVMS's names (GET /v1/config, GET /v1/models/NAME).
const (
	stateLoading   int32 = iota // compiling, or failed to compile (err set)
	stateAvailable              // serving
	stateUnloading              // retired, draining its in-flight requests
	stateEnd                    // retired and closed
)

func stateName(s int32) string {
	return [...]string{"LOADING", "AVAILABLE", "UNLOADING", "END"}[s]
}

// tensorMeta is a model input or output as the protocol shows it.
type tensorMeta struct {
	Name     string
	Aliases  []string // other names a request may use: Parameter/Result name, tensor names
	Datatype string
	Type     ir.ElementType
	Shape    ir.Shape
}

// protoShape is the metadata shape: -1 for a dimension that is not static.
func (t *tensorMeta) protoShape() []int64 {
	if t.Shape.DynamicRank {
		return []int64{-1}
	}
	out := make([]int64, len(t.Shape.Dims))
	for i, d := range t.Shape.Dims {
		if d.IsStatic() {
			out[i] = d.Lo
		} else {
			out[i] = -1
		}
	}
	return out
}

func (t *tensorMeta) matches(name string) bool {
	return name == t.Name || slices.Contains(t.Aliases, name)
}

// fileStamp identifies a model's files, so polling recompiles only what changed.
type fileStamp struct {
	xmlSize, binSize int64
	xmlTime, binTime time.Time
}

func stampOf(xml string) (fileStamp, error) {
	var s fileStamp
	fi, err := os.Stat(xml)
	if err != nil {
		return s, err
	}
	s.xmlSize, s.xmlTime = fi.Size(), fi.ModTime()
	if bi, err := os.Stat(strings.TrimSuffix(xml, filepath.Ext(xml)) + ".bin"); err == nil {
		s.binSize, s.binTime = bi.Size(), bi.ModTime()
	}
	return s, nil
}

// modelVersion is one version of one model: its compiled program, state and limits.
type modelVersion struct {
	model   string
	version int64
	label   string // version as text, for metrics
	xml     string
	stamp   fileStamp

	state atomic.Int32
	err   atomic.Pointer[string] // load error, when state is loading and it failed

	prog    *graph.Program
	inputs  []tensorMeta
	outputs []tensorMeta
	lim     *limiter
	outPool *outputPool // nil unless every input and output shape is static

	refs    atomic.Int64
	retired atomic.Bool
}

func (v *modelVersion) loadErr() string {
	if p := v.err.Load(); p != nil {
		return *p
	}
	return ""
}

// acquire takes a reference that keeps the program open; false when the version was
// retired (the caller looks the model up again).
func (v *modelVersion) acquire() bool {
	v.refs.Add(1)
	if v.retired.Load() {
		v.release()
		return false
	}
	return true
}

func (v *modelVersion) release() { v.refs.Add(-1) }

// retire stops new requests and closes the program once the in-flight ones are done
// (or after timeout, when something holds it that long).
func (v *modelVersion) retire(timeout time.Duration) {
	if v.retired.Swap(true) {
		return
	}
	if v.state.Load() == stateAvailable {
		v.state.Store(stateUnloading)
	}
	deadline := time.Now().Add(timeout)
	for v.refs.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	if v.prog != nil {
		v.prog.Close()
	}
	v.state.Store(stateEnd)
}

// servedModel is one model name and its versions (ascending).
type servedModel struct {
	cfg      ModelConfig
	versions []*modelVersion
}

// defaultVersion is the highest available version; nil when none is.
func (m *servedModel) defaultVersion() *modelVersion {
	for i := len(m.versions) - 1; i >= 0; i-- {
		if m.versions[i].state.Load() == stateAvailable {
			return m.versions[i]
		}
	}
	return nil
}

func (m *servedModel) find(v int64) *modelVersion {
	for _, mv := range m.versions {
		if mv.version == v {
			return mv
		}
	}
	return nil
}

// repoState is an immutable snapshot of the served models.
type repoState struct {
	models map[string]*servedModel
	names  []string // sorted
}

// lookupError is a failed model lookup, with the status it maps to.
type lookupError struct {
	code int // HTTP status: 400, 404 or 503
	msg  string
}

func (e *lookupError) Error() string { return e.msg }

// lookup finds a model version and takes a reference on it; release it when done. An
// empty version means the model's default (highest available) version.
func (s *Server) lookup(name, version string) (*modelVersion, error) {
	var want int64
	if version != "" {
		v, err := strconv.ParseInt(version, 10, 64)
		if err != nil || v < 1 {
			return nil, &lookupError{400, fmt.Sprintf("model version %q is not a positive integer", version)}
		}
		want = v
	}
	for range 4 { // a reload may retire the version between lookup and acquire
		st := s.repo.Load()
		m := st.models[name]
		if m == nil {
			return nil, &lookupError{404, fmt.Sprintf("Model with requested name is not found: %q", name)}
		}
		// A reload that swaps the snapshot after st was read may retire st's versions
		// before their successors are looked up: then look again in the new snapshot.
		swapped := func() bool { return s.repo.Load() != st }
		var mv *modelVersion
		if want == 0 {
			mv = m.defaultVersion()
			if mv == nil {
				if swapped() {
					continue
				}
				return nil, &lookupError{503, fmt.Sprintf("Model %q has no version loaded yet", name)}
			}
		} else {
			mv = m.find(want)
			if mv == nil {
				if swapped() {
					continue
				}
				return nil, &lookupError{404, fmt.Sprintf("Model with requested version is not found: %q version %d", name, want)}
			}
			switch mv.state.Load() {
			case stateLoading:
				if e := mv.loadErr(); e != "" {
					return nil, &lookupError{503, fmt.Sprintf("Model %q version %d failed to load: %s", name, want, e)}
				}
				return nil, &lookupError{503, fmt.Sprintf("Model %q version %d is not loaded yet", name, want)}
			case stateUnloading, stateEnd:
				if swapped() {
					continue
				}
				return nil, &lookupError{404, fmt.Sprintf("Model with requested version is retired: %q version %d", name, want)}
			}
		}
		if mv.acquire() {
			return mv, nil
		}
	}
	return nil, &lookupError{503, fmt.Sprintf("Model %q is being reloaded; retry", name)}
}

// ready reports whether the first load finished and every model serves a version.
func (s *Server) ready() bool {
	if !s.loaded.Load() || s.draining.Load() {
		return false
	}
	st := s.repo.Load()
	for _, m := range st.models {
		if m.defaultVersion() == nil {
			return false
		}
	}
	return true
}

// desiredModels returns the model configs of the current source: the flags' one model, or
// the config file's list.
func (s *Server) desiredModels() ([]ModelConfig, error) {
	if s.opts.ConfigPath == "" {
		return []ModelConfig{{Name: s.opts.ModelName, BasePath: s.opts.ModelPath, VersionPolicy: s.opts.VersionPolicy, NIReq: s.opts.NIReq}}, nil
	}
	b, err := os.ReadFile(s.opts.ConfigPath)
	if err != nil {
		return nil, fmt.Errorf("config: %v", err)
	}
	c, err := ParseConfig(b)
	if err != nil {
		return nil, err
	}
	return c.Models, nil
}

// reload brings the served models in line with the configuration and the version
// directories: it compiles new and changed versions while the old ones keep serving,
// then swaps the snapshot and retires what left. It reports whether anything changed.
// Reloads are serialised.
func (s *Server) reload(ctx context.Context) (changed bool, err error) {
	s.reloadMu.Lock()
	defer s.reloadMu.Unlock()
	cfgs, err := s.desiredModels()
	if err != nil {
		return false, err
	}
	old := s.repo.Load()
	type pending struct {
		m   *servedModel
		mv  *modelVersion
		old *modelVersion // the version it replaces, if any
	}
	var work []pending
	next := &repoState{models: map[string]*servedModel{}}
	var scanErrs []string
	for _, cfg := range cfgs {
		m := &servedModel{cfg: cfg}
		prev := old.models[cfg.Name]
		if prev == nil || !sameConfig(prev.cfg, cfg) {
			changed = true
		}
		found, err := scanVersions(cfg.BasePath)
		if err != nil {
			scanErrs = append(scanErrs, fmt.Sprintf("model %q: %v", cfg.Name, err))
		}
		avail := slices.Sorted(maps.Keys(found))
		for _, v := range cfg.VersionPolicy.pick(avail) {
			xml := found[v]
			stamp, err := stampOf(xml)
			if err != nil {
				continue // removed while scanning
			}
			var pv *modelVersion
			if prev != nil {
				pv = prev.find(v)
			}
			if pv != nil && pv.xml == xml && pv.stamp == stamp && !pv.retired.Load() && prev.cfg.NIReq == cfg.NIReq {
				m.versions = append(m.versions, pv) // unchanged: keep serving it
				continue
			}
			changed = true
			mv := &modelVersion{model: cfg.Name, version: v, label: strconv.FormatInt(v, 10), xml: xml, stamp: stamp}
			mv.state.Store(stateLoading)
			work = append(work, pending{m: m, mv: mv, old: pv})
			m.versions = append(m.versions, mv)
		}
		next.models[cfg.Name] = m
		next.names = append(next.names, cfg.Name)
	}
	slices.Sort(next.names)
	// Show the new versions as LOADING next to the ones still serving.
	interim := &repoState{models: map[string]*servedModel{}, names: next.names}
	for name, m := range next.models {
		im := &servedModel{cfg: m.cfg}
		for _, mv := range m.versions {
			if mv.state.Load() == stateLoading {
				for _, p := range work {
					if p.mv == mv && p.old != nil && p.old.state.Load() == stateAvailable {
						mv = p.old // keep the old build serving until the new one is compiled
					}
				}
			}
			im.versions = append(im.versions, mv)
		}
		if prev := old.models[name]; prev != nil { // versions leaving keep serving until the swap
			for _, mv := range prev.versions {
				if im.find(mv.version) == nil && mv.state.Load() == stateAvailable {
					im.versions = append(im.versions, mv)
				}
			}
			slices.SortFunc(im.versions, func(a, b *modelVersion) int { return cmp.Compare(a.version, b.version) })
		}
		interim.models[name] = im
	}
	for name, m := range old.models { // removed models keep serving until the swap
		if _, ok := interim.models[name]; !ok {
			interim.models[name] = m
		}
	}
	s.repo.Store(interim)
	for _, p := range work {
		if err := ctx.Err(); err != nil {
			return changed, err
		}
		nireq := p.m.cfg.NIReq
		if nireq == 0 {
			nireq = s.opts.NIReq
		}
		if err := s.compile(p.mv, nireq); err != nil {
			msg := err.Error()
			p.mv.err.Store(&msg)
			s.logf("model %q version %d: %v", p.mv.model, p.mv.version, err)
			if p.old != nil && p.old.state.Load() == stateAvailable {
				// keep the old build of this version rather than serving nothing
				i := slices.Index(p.m.versions, p.mv)
				p.m.versions[i] = p.old
			}
			continue
		}
		s.logf("model %q version %d: loaded %s", p.mv.model, p.mv.version, p.mv.xml)
	}
	s.repo.Store(next)
	s.metrics.setStreams(next)
	// Retire what the new snapshot no longer holds; wait for their requests in the
	// background so the reload returns at once.
	keep := map[*modelVersion]bool{}
	for _, m := range next.models {
		for _, mv := range m.versions {
			keep[mv] = true
		}
	}
	for _, m := range old.models {
		for _, mv := range m.versions {
			if !keep[mv] {
				changed = true
				s.retiring.Add(1)
				go func() {
					defer s.retiring.Done()
					mv.retire(s.opts.DrainTimeout)
					s.logf("model %q version %d: unloaded", mv.model, mv.version)
				}()
			}
		}
	}
	if len(scanErrs) > 0 {
		return changed, errors.New(strings.Join(scanErrs, "; "))
	}
	return changed, nil
}

func sameConfig(a, b ModelConfig) bool {
	pa, _ := json.Marshal(a)
	pb, _ := json.Marshal(b)
	return string(pa) == string(pb)
}

// compile loads one version's model and fills its metadata.
func (s *Server) compile(mv *modelVersion, nireq int) error {
	p, err := graph.Load(mv.xml, graph.Options{Threads: s.opts.Threads, MaxMemory: s.opts.MaxMemory,
		ParkHelpers: !s.opts.pollHelpers, IdleSpin: s.opts.IdleSpin, FileTypes: s.opts.FileTypes})
	if err != nil {
		return err
	}
	ins, outs := p.Inputs(), p.Outputs()
	for _, in := range ins {
		dt, ok := elementToDtype(in.Type)
		if !ok && in.Type.IsStatic() {
			p.Close()
			return fmt.Errorf("input %q has element type %s, which the protocol cannot carry", in.Name, in.Type)
		}
		name := in.Name
		aliases := slices.Clone(in.TensorNames)
		if len(in.TensorNames) > 0 { // OVMS names tensors by their tensor names
			name = in.TensorNames[0]
			aliases = append(aliases[1:], in.Name)
		}
		mv.inputs = append(mv.inputs, tensorMeta{Name: name, Aliases: aliases, Datatype: dt, Type: in.Type, Shape: in.Shape})
	}
	seen := map[string]bool{}
	for _, o := range outs {
		dt, _ := elementToDtype(o.Type)
		name := o.Name
		if seen[name] {
			name = o.Result
		}
		seen[name] = true
		mv.outputs = append(mv.outputs, tensorMeta{Name: name, Aliases: append(slices.Clone(o.TensorNames), o.Result), Datatype: dt, Type: o.Type, Shape: o.Shape})
	}
	mv.prog = p
	mv.lim = newLimiter(nireq, s.opts.MaxQueue)
	mv.outPool = newOutputPool(mv.inputs, mv.outputs, 2*nireq)
	mv.state.Store(stateAvailable)
	return nil
}

// pollLoop reloads every interval until ctx ends.
func (s *Server) pollLoop(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := s.Reload(ctx); err != nil && ctx.Err() == nil {
				s.logf("reload: %v", err)
			}
		}
	}
}

// limiter bounds the inferences of one version running at once (nireq) and the requests
// waiting for one (the queue); a request that finds the queue full is refused.
type limiter struct {
	slots    chan struct{}
	admitted atomic.Int64
	max      int64
	active   atomic.Int64
	// sv (tests) records how long 0, 1 or more of the version's inferences ran at once.
	sv atomic.Pointer[svActive]
}

// svActive accumulates the time during which 0, 1 and 2 or more inferences of a version
// held a slot (TestServeOverhead's "slots busy" columns: at 4 clients and nireq 2, the
// share of time both slots were busy shows whether requests reach the inference as fast
// as it frees a slot).
//
// It also keeps the length of every busy period (from a first inference taking a slot to
// the last one giving it back; at 1 client, one inference each) for the report's
// server-side lines, at most svActiveMax between two takes, and of every idle gap between
// two busy periods (at 1 client: from one response's inference to the next request's, what
// the helpers' idle spin must cover).
type svActive struct {
	mu    sync.Mutex
	last  time.Time
	n     int
	d     [3]time.Duration
	busy0 time.Time       // when the current busy period began
	busy  []time.Duration // busy periods ended since the last takeBusy
	idle0 time.Time       // when the last busy period ended
	idle  []time.Duration // idle gaps ended since the last takeBusy
}

// svActiveMax bounds the busy periods an svActive keeps.
const svActiveMax = 1 << 20

// add records a change of delta in the number of running inferences (nothing for nil).
func (a *svActive) add(delta int) {
	if a == nil {
		return
	}
	a.mu.Lock()
	now := time.Now()
	if !a.last.IsZero() {
		a.d[min(max(a.n, 0), 2)] += now.Sub(a.last)
	}
	switch {
	case a.n <= 0 && a.n+delta > 0:
		a.busy0 = now
		if !a.idle0.IsZero() && len(a.idle) < svActiveMax {
			a.idle = append(a.idle, now.Sub(a.idle0))
		}
	case a.n > 0 && a.n+delta <= 0:
		if len(a.busy) < svActiveMax {
			a.busy = append(a.busy, now.Sub(a.busy0))
		}
		a.idle0 = now
	}
	a.last, a.n = now, a.n+delta
	a.mu.Unlock()
}

// takeBusy returns the busy periods that ended since the last takeBusy.
func (a *svActive) takeBusy() []time.Duration {
	b, _ := a.takeBusyIdle()
	return b
}

// takeBusyIdle returns the busy periods and the idle gaps that ended since the last
// takeBusy or takeBusyIdle; the next idle gap starts from now.
func (a *svActive) takeBusyIdle() (busy, idle []time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	busy, idle = a.busy, a.idle
	a.busy, a.idle, a.idle0 = nil, nil, time.Time{}
	return busy, idle
}

// take returns the times accumulated since the last take and starts again.
func (a *svActive) take() [3]time.Duration {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := time.Now()
	if !a.last.IsZero() {
		a.d[min(max(a.n, 0), 2)] += now.Sub(a.last)
	}
	d := a.d
	a.d, a.last = [3]time.Duration{}, now
	return d
}

func newLimiter(nireq, queue int) *limiter {
	return &limiter{slots: make(chan struct{}, nireq), max: int64(nireq + queue)}
}

var errQueueFull = errors.New("too many requests: the model's inference queue is full; retry later")

// admit counts a request in; false when nireq + queue requests are already in.
func (l *limiter) admit() bool {
	n := l.admitted.Add(1)
	if n > l.max {
		l.admitted.Add(-1)
		return false
	}
	return true
}

func (l *limiter) leave() { l.admitted.Add(-1) }

// wait blocks until an inference slot is free.
func (l *limiter) wait(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		l.active.Add(1)
		l.sv.Load().add(1)
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *limiter) done() {
	l.sv.Load().add(-1)
	l.active.Add(-1)
	<-l.slots
}

// versionsOf lists a model's servable versions as text.
func versionsOf(m *servedModel) []string {
	var out []string
	for _, mv := range m.versions {
		if mv.state.Load() == stateAvailable {
			out = append(out, mv.label)
		}
	}
	return out
}
