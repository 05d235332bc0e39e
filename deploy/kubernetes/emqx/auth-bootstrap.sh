#!/bin/sh
# Init container of emqx.yaml: writes emqx.conf with the hook secret and the server nodes'
# account file from the secret emqx-secrets, so neither sits in a ConfigMap.
set -eu
mkdir -p /rendered/auth
sed "s|__MQTT_HOOK_SECRET__|${MQTT_HOOK_SECRET}|g" /template/auth.conf > /rendered/emqx.conf
printf 'user_id,password,is_superuser\n%s,%s,true\n' "${MQTT_SERVER_USERNAME}" "${MQTT_SERVER_PASSWORD}" \
  > /rendered/auth/server-account.csv
chmod 600 /rendered/auth/server-account.csv
