__version__ = '2.2.1+cpu'
debug = False
cuda: Optional[str] = None
git_version = '6c8c5ad5eaf47a62fafbb4a2747198cbffbf1ff0'
hip: Optional[str] = None
