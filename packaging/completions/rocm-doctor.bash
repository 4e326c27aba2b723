# bash completion for rocm-doctor. Handwritten from src/cli/app.cpp (CLI11 definitions);
# tests/integration/completion_sync.sh fails when a subcommand or flag of --help is missing here.
_rocm_doctor_rule_ids() {
  rocm-doctor rules list 2>/dev/null | awk '$1 ~ /^[a-z0-9_-]+\.[a-z0-9_.-]+$/ {print $1}'
}
_rocm_doctor() {
  local cur prev words cword
  _init_completion 2>/dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}
    words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD
  }
  local subcommands="check fix triage probe fleet rules explain"
  local output_opts="--format -f --output -o --no-redact --verbose -v --fail-on --help -h"
  local sub="" i
  for ((i = 1; i < cword; i++)); do
    case ${words[i]} in
      check|fix|triage|probe|fleet|rules|explain) sub=${words[i]}; break ;;
    esac
  done
  case $prev in
    --format|-f) COMPREPLY=($(compgen -W "text json markdown md" -- "$cur")); return ;;
    --fail-on) COMPREPLY=($(compgen -W "error warning never" -- "$cur")); return ;;
    --output|-o|--from|--expect-file|--lib|--python) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --rules|--record|--replay) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    # ux-review p5: rule ids after --ignore, and only rule lines (not the "N rules" count line)
    --ignore) COMPREPLY=($(compgen -W "$(_rocm_doctor_rule_ids)" -- "$cur")); return ;;
    --collector-timeout|--outlier-fraction|--expect|--width) return ;;
  esac
  case $sub in
    "") COMPREPLY=($(compgen -W "$subcommands --help -h --version" -- "$cur")) ;;
    check)
      COMPREPLY=($(compgen -W "$output_opts --rules --ignore --record --replay --from --quick --no-probes --no-compile --lib --python --collector-timeout --width" -- "$cur")) ;;
    fix)
      COMPREPLY=($(compgen -W "--output -o --rules --ignore --replay --from --quick --no-probes --python --run --help -h" -- "$cur")) ;;
    triage)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$output_opts --rules --ignore --width" -- "$cur"))
      else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    probe)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$output_opts --rules --width" -- "$cur"))
      else COMPREPLY=($(compgen -W "runtime kernel memcpy async streams p2p" -- "$cur")); fi ;;
    fleet)
      if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$output_opts --outlier-fraction --expect --expect-file --rules" -- "$cur"))
      else COMPREPLY=($(compgen -f -- "$cur")); fi ;;
    rules)
      local rsub=""
      for ((i = i + 1; i < cword; i++)); do
        case ${words[i]} in list|facts|lint) rsub=${words[i]}; break ;; esac
      done
      case $rsub in
        "") COMPREPLY=($(compgen -W "list facts lint --help -h" -- "$cur")) ;;
        list) COMPREPLY=($(compgen -W "--rules --help -h" -- "$cur")) ;;
        lint) COMPREPLY=($(compgen -d -- "$cur")) ;;
        *) COMPREPLY=($(compgen -W "--help -h" -- "$cur")) ;;
      esac ;;
    explain)
      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "--rules --help -h" -- "$cur"))
      else COMPREPLY=($(compgen -W "$(_rocm_doctor_rule_ids)" -- "$cur")); fi ;;
  esac
}
complete -F _rocm_doctor rocm-doctor
