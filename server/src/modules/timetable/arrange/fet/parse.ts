/**
 * Reads a FET (https://lalescu.ro/liviu/fet/) data file into plain objects. Only the parts the importer
 * uses are typed; constraints keep their XML element so the converter can read any field it supports.
 */
import { child, childText, childrenNamed, parseXml, type XmlElement } from './xml.ts';

export interface FetSubgroup { name: string; students: number }
export interface FetGroup { name: string; students: number; subgroups: FetSubgroup[] }
export interface FetYear { name: string; students: number; groups: FetGroup[] }

export interface FetRoom { name: string; building: string; capacity: number; virtual: boolean }

export interface FetActivity {
  id: number;
  teachers: string[];
  subject: string;
  tags: string[];
  students: string[];
  duration: number;
  totalDuration: number;
  /** 0 when the activity is not split from a larger one. */
  groupId: number;
  active: boolean;
  /** Set when the activity states its own number of students instead of its sets' sizes. */
  numberOfStudents?: number;
}

export interface FetConstraint {
  /** The element name, e.g. 'ConstraintTeacherNotAvailableTimes'. */
  kind: string;
  weight: number;
  active: boolean;
  element: XmlElement;
}

export interface FetFile {
  version: string;
  /** 'Official', 'Mornings_Afternoons', 'Block_Planning', 'Terms' (FET 6); 'Official' when absent. */
  mode: string;
  institution: string;
  days: string[];
  hours: string[];
  teachers: string[];
  subjects: string[];
  activityTags: string[];
  years: FetYear[];
  rooms: FetRoom[];
  activities: FetActivity[];
  timeConstraints: FetConstraint[];
  spaceConstraints: FetConstraint[];
}

export class FetFormatError extends Error {}

const nameOf = (element: XmlElement) => (child(element, 'Name') ? childText(element, 'Name') : element.text.trim());
const intOf = (text: string, fallback = 0) => {
  const value = Number.parseInt(text, 10);
  return Number.isFinite(value) ? value : fallback;
};
/** FET writes booleans as true/false; anything but 'false' keeps the default of true for Active. */
const activeOf = (element: XmlElement) => childText(element, 'Active') !== 'false';

function namedList(root: XmlElement, listName: string, itemName: string): string[] {
  const list = child(root, listName);
  return list ? childrenNamed(list, itemName).map(nameOf) : [];
}

function constraints(root: XmlElement, listName: string): FetConstraint[] {
  const list = child(root, listName);
  if (!list) return [];
  return list.children.map((element) => {
    const weightText = childText(element, 'Weight_Percentage');
    return { kind: element.name, weight: weightText === '' ? 100 : Number(weightText), active: activeOf(element), element };
  });
}

export function parseFet(xml: string): FetFile {
  const root = parseXml(xml);
  if (root.name !== 'fet' && root.name !== 'FET') throw new FetFormatError(`Not a FET file (root element <${root.name}>)`);
  const days = namedList(root, 'Days_List', 'Day');
  const hours = namedList(root, 'Hours_List', 'Hour');
  if (days.length === 0 || hours.length === 0) throw new FetFormatError('The file has no days or no hours');

  const studentsList = child(root, 'Students_List');
  const years: FetYear[] = (studentsList ? childrenNamed(studentsList, 'Year') : []).map((year) => ({
    name: nameOf(year),
    students: intOf(childText(year, 'Number_of_Students')),
    groups: childrenNamed(year, 'Group').map((group) => ({
      name: nameOf(group),
      students: intOf(childText(group, 'Number_of_Students')),
      subgroups: childrenNamed(group, 'Subgroup').map((subgroup) => ({
        name: nameOf(subgroup),
        students: intOf(childText(subgroup, 'Number_of_Students')),
      })),
    })),
  }));

  const roomsList = child(root, 'Rooms_List');
  const rooms: FetRoom[] = (roomsList ? childrenNamed(roomsList, 'Room') : []).map((room) => ({
    name: nameOf(room),
    building: childText(room, 'Building'),
    capacity: intOf(childText(room, 'Capacity'), Number.MAX_SAFE_INTEGER),
    virtual: childText(room, 'Virtual') === 'true',
  }));

  const activitiesList = child(root, 'Activities_List');
  const activities: FetActivity[] = (activitiesList ? childrenNamed(activitiesList, 'Activity') : []).map((activity) => {
    const duration = intOf(childText(activity, 'Duration'), 1);
    const numberText = childText(activity, 'Number_Of_Students');
    const computed = childText(activity, 'Computed_Number_Of_Students');
    return {
      id: intOf(childText(activity, 'Id'), -1),
      teachers: childrenNamed(activity, 'Teacher').map((e) => e.text.trim()).filter((t) => t !== ''),
      subject: childText(activity, 'Subject'),
      tags: childrenNamed(activity, 'Activity_Tag').map((e) => e.text.trim()).filter((t) => t !== ''),
      students: childrenNamed(activity, 'Students').map((e) => e.text.trim()).filter((t) => t !== ''),
      duration,
      totalDuration: intOf(childText(activity, 'Total_Duration'), duration),
      groupId: intOf(childText(activity, 'Activity_Group_Id')),
      active: activeOf(activity),
      ...(numberText !== '' && computed !== 'true' ? { numberOfStudents: intOf(numberText) } : {}),
    };
  });

  return {
    version: root.attributes.version ?? '',
    mode: childText(root, 'Mode') || 'Official',
    institution: childText(root, 'Institution_Name'),
    days,
    hours,
    teachers: namedList(root, 'Teachers_List', 'Teacher'),
    subjects: namedList(root, 'Subjects_List', 'Subject'),
    activityTags: namedList(root, 'Activity_Tags_List', 'Activity_Tag'),
    years,
    rooms,
    activities,
    timeConstraints: constraints(root, 'Time_Constraints_List'),
    spaceConstraints: constraints(root, 'Space_Constraints_List'),
  };
}
