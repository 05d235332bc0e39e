import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../api/http';

/** Where each screenshot's numbered hints point (scripts/guide-shots.mjs writes it). */
export type GuideShots = Record<
  string,
  { width: number; height: number; markers: { x: number; y: number }[] }
>;

export function useGuideShots(enabled: boolean) {
  return useQuery({
    queryKey: ['guideShots'],
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async (): Promise<GuideShots> => {
      const response = await fetch('/guide/shots.json');
      if (!response.ok) throw new Error('引导图片加载失败');
      return (await response.json()) as GuideShots;
    },
  });
}

/** 完成: sets bit 1 of isReadGuide on the server (feature-areas §7 set guide read). */
export function useMarkGuideRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.put<null>('/iot/users/current/readGuide'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loginInfo'] }),
  });
}
