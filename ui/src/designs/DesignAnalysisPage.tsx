import { csvDocument, type DesignAnalysis } from '@interior/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import { saveCsv } from '../export/csv';
import { apiJson } from '../session';

type Row = Record<string, string | number>;

/** A CSV file of the rows, by the platform's one writer (formula-safe cells, BOM for Excel). */
function downloadCsv(name: string, columns: [key: string, label: string][], rows: Row[]) {
  saveCsv(
    csvDocument(
      columns.map(([, label]) => label),
      rows.map((r) => columns.map(([key]) => r[key] ?? '')),
    ),
    name,
  );
}

/** One figure: its chart, or the same numbers as a table, and a CSV of them. */
function Figure({
  title,
  file,
  columns,
  rows,
  chart,
}: {
  title: string;
  file: string;
  columns: [key: string, label: string][];
  rows: Row[];
  chart: React.ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }} spacing={1}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {title}
          </Typography>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v) => v && setView(v)}>
            <ToggleButton value="chart">차트</ToggleButton>
            <ToggleButton value="table">표</ToggleButton>
          </ToggleButtonGroup>
          <Button size="small" startIcon={<DownloadIcon />} onClick={() => downloadCsv(file, columns, rows)}>
            CSV
          </Button>
        </Stack>
        {rows.length === 0 ? (
          <Typography color="text.secondary">아직 자료가 없습니다.</Typography>
        ) : view === 'chart' ? (
          chart
        ) : (
          <Box sx={{ maxHeight: 360, overflow: 'auto' }}>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  {columns.map(([key, label]) => (
                    <TableCell key={key}>{label}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row, i) => (
                  <TableRow key={String(row[columns[0]![0]] ?? i)}>
                    {columns.map(([key]) => (
                      <TableCell key={key}>{row[key]}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** /dashboard/analysis/design (Admin): how the platform is used, from the analysis read model. */
export function DesignAnalysisPage() {
  const analysis = useQuery({
    queryKey: ['analysis-design'],
    queryFn: () => apiJson<DesignAnalysis>('/api/analysis/design'),
  });
  const data = analysis.data;
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="디자인 분석" />
      {analysis.isPending && <LinearProgress />}
      {analysis.error && <Alert severity="error">{(analysis.error as Error).message}</Alert>}
      {data && (
        <Stack spacing={2}>
          <Figure
            title="일별 새 디자인 (최근 90일)"
            file="일별-새-디자인"
            columns={[
              ['day', '날짜'],
              ['count', '새 디자인'],
            ]}
            rows={data.createdPerDay}
            chart={
              <LineChart
                height={280}
                xAxis={[{ scaleType: 'point', data: data.createdPerDay.map((d) => d.day.slice(5)) }]}
                series={[
                  { data: data.createdPerDay.map((d) => d.count), label: '새 디자인', showMark: false },
                ]}
              />
            }
          />
          <Figure
            title="주별 활동 디자이너 (최근 13주)"
            file="주별-활동-디자이너"
            columns={[
              ['week', '주 시작일'],
              ['count', '활동한 사람'],
            ]}
            rows={data.activeDesignersPerWeek}
            chart={
              <BarChart
                height={280}
                xAxis={[{ scaleType: 'band', data: data.activeDesignersPerWeek.map((w) => w.week.slice(5)) }]}
                series={[{ data: data.activeDesignersPerWeek.map((w) => w.count), label: '활동한 사람' }]}
              />
            }
          />
          <Figure
            title="평면도 카테고리별 디자인"
            file="평면도-카테고리별-디자인"
            columns={[
              ['category', '카테고리'],
              ['count', '디자인'],
            ]}
            rows={data.byPlanCategory}
            chart={
              <BarChart
                height={280}
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: data.byPlanCategory.map((c) => c.category), width: 160 }]}
                series={[{ data: data.byPlanCategory.map((c) => c.count), label: '디자인' }]}
              />
            }
          />
          <Figure
            title="가장 많이 배치된 제품 10개"
            file="많이-배치된-제품"
            columns={[
              ['name', '제품'],
              ['count', '배치 수량'],
            ]}
            rows={data.topProducts}
            chart={
              <BarChart
                height={320}
                layout="horizontal"
                yAxis={[{ scaleType: 'band', data: data.topProducts.map((p) => p.name), width: 160 }]}
                series={[{ data: data.topProducts.map((p) => p.count), label: '배치 수량' }]}
              />
            }
          />
          <Figure
            title="견적 단계별 전환"
            file="견적-전환"
            columns={[
              ['label', '단계'],
              ['count', '견적 수'],
              ['conversionText', '앞 단계 대비'],
            ]}
            rows={data.estimateFunnel.map((s) => ({
              label: s.label,
              count: s.count,
              conversionText: s.conversion === null ? '-' : `${s.conversion}%`,
            }))}
            chart={
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: data.estimateFunnel.map((s) => s.label) }]}
                series={[{ data: data.estimateFunnel.map((s) => s.count), label: '견적 수' }]}
              />
            }
          />
        </Stack>
      )}
    </Box>
  );
}
