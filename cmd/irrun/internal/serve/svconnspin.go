package serve

import (
	"io"
	"net"
	"runtime"
	"syscall"
	"time"
)

// svSpinListener (tests: Options.svConnSpin) wraps a listener whose TCP connections' Reads
// poll the socket for up to d before they wait in Go's network poller: a connection
// waiting for a client's next request keeps its thread, and so its CPU, awake for d, as
// the kernels' helpers do after an inference (Options.IdleSpin). It is the comparison row
// for "the caller's own CPU halting between requests" (docs/performance.md, Round 14 (sv)).
type svSpinListener struct {
	net.Listener
	d time.Duration
}

// svSpinListen wraps l (nil stays nil).
func svSpinListen(l net.Listener, d time.Duration) net.Listener {
	if l == nil {
		return nil
	}
	return svSpinListener{Listener: l, d: d}
}

// Accept wraps TCP connections; others are returned as they are.
func (l svSpinListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return c, err
	}
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c, nil
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return c, nil
	}
	return &svSpinConn{TCPConn: tc, rc: rc, d: l.d}, nil
}

// svSpinConn is a TCP connection whose Read polls for d before it blocks.
type svSpinConn struct {
	*net.TCPConn
	rc syscall.RawConn
	d  time.Duration
}

// Read reads as net.TCPConn.Read does, after polling the socket for up to c.d (yielding
// to other goroutines every 64 tries). Deadlines apply once the polling has given up.
func (c *svSpinConn) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return c.TCPConn.Read(b)
	}
	var n int
	var rerr error
	t0 := time.Now()
	err := c.rc.Read(func(fd uintptr) bool {
		for i := 1; ; i++ {
			n, rerr = syscall.Read(int(fd), b)
			if rerr == syscall.EINTR {
				continue
			}
			if rerr != syscall.EAGAIN {
				return true
			}
			if i%64 == 0 {
				if time.Since(t0) > c.d {
					return false // wait in the poller
				}
				runtime.Gosched()
			}
		}
	})
	switch {
	case err != nil:
		return 0, err
	case rerr != nil:
		return 0, &net.OpError{Op: "read", Net: "tcp", Source: c.LocalAddr(), Addr: c.RemoteAddr(), Err: rerr}
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}
