__declspec(dllimport) int dep_fn(void);
__declspec(dllexport) int val(void) { return dep_fn(); }
