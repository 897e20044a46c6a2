/** Server messages of 录取管理 and 分班管理 (issue 16), in English and Chinese (same keys). */
export const admissionEn = {
  'admission.scoreRange': 'The score is a number from 0 to 1000 with at most one decimal',
  'admission.gradeRequired': 'Choose the grade',
  'admission.yearRequired': 'Choose the intake year',
  'admission.enrolled': '{name} is already enrolled: the admission can no longer change',
  'admission.saved': 'Saved',
  'admission.decided': '{count} registrations decided',
  'admission.lineApplied': '{admitted} admitted, {rejected} not admitted at the line {line}',
  'admission.status.pending': 'Waiting',
  'admission.status.admitted': 'Admitted',
  'admission.status.rejected': 'Not admitted',
  'division.classesRequired': 'Choose the classes to divide into',
  'division.notInGrade': 'Every class must be of the chosen grade',
  'division.nobody': 'No admitted registration of this intake is waiting for a class',
  'division.applied': '{count} students placed in {classes} classes',
} as const;

export const admissionZh: Record<keyof typeof admissionEn, string> = {
  'admission.scoreRange': '成绩须为 0 到 1000 的数，最多一位小数',
  'admission.gradeRequired': '请选择年级',
  'admission.yearRequired': '请选择入学年份',
  'admission.enrolled': '{name}已注册入学，录取结果不能再更改',
  'admission.saved': '保存成功',
  'admission.decided': '已处理{count}条报名',
  'admission.lineApplied': '按分数线{line}：录取{admitted}人，未录取{rejected}人',
  'admission.status.pending': '待录取',
  'admission.status.admitted': '已录取',
  'admission.status.rejected': '未录取',
  'division.classesRequired': '请选择要分入的班级',
  'division.notInGrade': '所选班级须属于所选年级',
  'division.nobody': '该届没有待分班的已录取学生',
  'division.applied': '已将{count}名学生分入{classes}个班级',
};
