import type { ReportBody } from '@contract/reports';
import { api } from '../../api/api';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendReport: build.mutation<{ msg: string; reportId: string }, ReportBody>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
    }),
  }),
});

export const { useSendReportMutation } = reportsApi;
