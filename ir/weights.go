package ir

// Weights is the content of a .bin file, read or mapped once and shared by every Const.
type Weights struct {
	Path string
	data []byte
}

// Bytes returns the whole .bin content. The slice must not be modified.
func (w *Weights) Bytes() []byte { return w.data }
