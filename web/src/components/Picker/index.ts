export { Picker, POPOVER_WIDTH, ORG_POPOVER_WIDTH, FIELD_HEIGHT, type PickerProps } from './Picker.tsx';
export { PickerPanel, allowedTypes, type PickerPanelProps, type PickerFilters } from './PickerPanel.tsx';
export { usePickerSelection, type PickerSelection, type PickerUrls } from './usePickerSelection.ts';
export {
  CODE_PREFIX,
  PICKER_TYPES,
  TYPE_SORT,
  addItems,
  removeItems,
  joinValue,
  splitValue,
  parseCode,
  toCode,
  makeItem,
  orderItems,
  type PickerItem,
  type PickerType,
} from './selection.ts';
