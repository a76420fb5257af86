# Installs the locked dependencies with npm ci, once per change of package-lock.json.
install_locked() {
  if [ -f node_modules/.lock-installed ] && cmp -s package-lock.json node_modules/.lock-installed; then
    return 0
  fi
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.lock-installed
}
