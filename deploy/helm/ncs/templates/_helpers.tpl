{{/* The apps this chart deploys, in order; each its own Deployment, Service, HPA and PDB. */}}
{{- define "ncs.appNames" -}}
{{- list "gateway" "auth" "messaging" "knowledge-base" "notifications" | toJson -}}
{{- end -}}

{{/* One app's settings: `defaults` overridden by `apps.<name>`. Call with (dict "root" $ "name" $name). */}}
{{- define "ncs.app" -}}
{{- $own := index .root.Values.apps .name | default dict -}}
{{- mergeOverwrite (deepCopy .root.Values.defaults) (deepCopy $own) | toYaml -}}
{{- end -}}

{{- define "ncs.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 50 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "ncs.appFullname" -}}
{{- printf "%s-%s" (include "ncs.fullname" .root) .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "ncs.selectorLabels" -}}
app.kubernetes.io/name: {{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end -}}

{{- define "ncs.labels" -}}
{{ include "ncs.selectorLabels" . }}
app.kubernetes.io/part-of: ncs
app.kubernetes.io/version: {{ .root.Values.image.tag | default .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version }}
{{- end -}}

{{/* A variable from a Secret: (dict "name" NAME "ref" (dict "name" secret "key" key)). */}}
{{- define "ncs.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secretEnv %s: the Secret's name" .name) .ref.name }}
      key: {{ required (printf "secretEnv %s: the key in the Secret" .name) .ref.key }}
{{- end -}}
